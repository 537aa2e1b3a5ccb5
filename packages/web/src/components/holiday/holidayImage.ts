import { filePaths } from '@parkhere/contract';
import { queryOptions } from '@tanstack/react-query';
import { holidayKeys } from '../../api/holidayQueries.ts';
import { downloadHeaders } from '../files/fileTransfer.ts';
import palmFallback from './palm.svg';

/*
 * The palm image of the holiday cards (SPEC §7): the configured holiday image, fetched inline by the download
 * token the panel showing the cards carries (UserReservationPanel or HolidayPanel holidayImage; the
 * configuration itself is administrators' only); on any failure (none configured, a failed download) the
 * local svg.
 */

let cached: Promise<string> | undefined;

async function loadHolidayImage(token: unknown): Promise<string> {
  if (typeof token !== 'string' || token === '') {
    return palmFallback;
  }
  try {
    const response = await fetch(`${filePaths.download}?disposition=inline`, {
      headers: downloadHeaders(token),
    });
    if (response.status !== 200) {
      return palmFallback;
    }
    return URL.createObjectURL(await response.blob());
  } catch {
    return palmFallback;
  }
}

/**
 * The image source for the holiday cards, given the panel's `holidayImage` token. The image is fetched once
 * per page load: later calls (each reload of the panel mints a new token for the same file) share the first
 * answer.
 */
export function holidayImageSource(token: unknown): Promise<string> {
  cached ??= loadHolidayImage(token);
  return cached;
}

/** The image source of the holiday cards as a query, given the `holidayImage` token of the panel showing them. */
export const holidayImageQuery = (token: unknown) =>
  queryOptions({
    queryKey: holidayKeys.image,
    queryFn: () => holidayImageSource(token),
    staleTime: Number.POSITIVE_INFINITY,
  });

export { palmFallback };
