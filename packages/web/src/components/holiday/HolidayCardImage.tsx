import CardMedia from '@mui/material/CardMedia';
import { palmFallback } from './holidayImage.ts';

type HolidayCardImageProps = {
  /** What holidayImageSource answered: the configured image's blob URL, or the local svg. */
  image: string;
};

/**
 * The palm at the top of a holiday card, on the dashboard and on the Holidays page alike. An image the
 * browser cannot decode (a configured file that is no picture) falls back to the local svg too.
 */
export function HolidayCardImage({ image }: HolidayCardImageProps) {
  return (
    <CardMedia
      component="img"
      height="110"
      image={image}
      alt=""
      onError={(event) => {
        event.currentTarget.src = palmFallback;
      }}
    />
  );
}
