import { FILES_BASE } from '@parkhere/contract';
import { getAccessPoint } from '../../api/model.ts';
import { downloadHeaders } from '../files/fileTransfer.ts';
import palmFallback from './palm.svg';

/*
 * The palm image of the holiday cards (SPEC §7): the configured holidayImage fetched inline by its download
 * token; on any failure (none configured, no right to read it, a failed download) the local svg.
 */

let cached: Promise<string> | undefined;

async function loadHolidayImage(): Promise<string> {
  try {
    const configuration = await getAccessPoint(
      'configurationSettings',
      { _mask: '{holidayImage}' },
      { handleErrors: false },
    );
    const token = configuration.holidayImage;
    if (typeof token !== 'string' || token === '') {
      return palmFallback;
    }
    const response = await fetch(`${FILES_BASE}/download?disposition=inline`, {
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

export function holidayImageSource(): Promise<string> {
  cached ??= loadHolidayImage();
  return cached;
}

export { palmFallback };
