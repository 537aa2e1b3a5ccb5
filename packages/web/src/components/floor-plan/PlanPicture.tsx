import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { type ReactNode, type Ref, useState } from 'react';
import type { PlanPosition } from './planPosition.ts';
import { usePlanImage } from './usePlanImage.ts';

/*
 * A floor plan's picture with markers on it (issue 32, item 1), for the administrator's placing and the user's day
 * view alike: the picture takes the width it is given, and a marker stands centred on its slot's place, in
 * percent of the picture, so it stays on its bay at any width.
 */

/** The style that stands a marker on its place. */
export const markerPlace = ({ x, y }: PlanPosition) =>
  ({
    position: 'absolute',
    left: `${x}%`,
    top: `${y}%`,
    transform: 'translate(-50%, -50%)',
  }) as const;

type Props = {
  /** The plan's file token. */
  token: string;
  /** The picture's text alternative. */
  alt: string;
  /** What is drawn on it: its markers. */
  children?: ReactNode;
  /** Told when the picture cannot be shown (no picture, a PDF, a failed download). */
  fallback: ReactNode;
  pictureRef?: Ref<HTMLImageElement>;
};

export function PlanPicture({ token, alt, children, fallback, pictureRef }: Props) {
  const image = usePlanImage(token);
  // A file the browser cannot draw (a PDF) is no picture to place anything on.
  const [broken, setBroken] = useState<string | null>(null);
  if (image.state === 'failed' || (image.state === 'ready' && broken === image.url)) {
    return <>{fallback}</>;
  }
  if (image.state === 'loading') {
    return <Skeleton variant="rectangular" sx={{ width: '100%', aspectRatio: '2 / 1', height: 'auto' }} />;
  }
  return (
    <Box sx={{ position: 'relative', width: '100%', lineHeight: 0 }}>
      <Box
        component="img"
        ref={pictureRef}
        src={image.url}
        alt={alt}
        draggable={false}
        onError={() => setBroken(image.url)}
        sx={{
          display: 'block',
          width: '100%',
          height: 'auto',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
        }}
      />
      {children}
    </Box>
  );
}
