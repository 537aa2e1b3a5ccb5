import { filePaths, headers, type TransferName, uploadTokenPath } from '@parkhere/contract';
import { api, requestHeaders } from '../../api/client.ts';
import type { Row } from '../../api/model.ts';

/*
 * The file flow of SPEC §7 Files and DESIGN §5: an upload token from the API, the file posted with it, and
 * the file's own token written into the attribute by the ordinary update.
 */

export type StoredFile = { id: string; name: string; size: number; cType: string; token: string };

const isStoredFile = (value: unknown): value is StoredFile =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'token') === 'string';

/** Uploads `file` for `attribute` of `owner`; undefined when the upload does not answer 200. */
export async function uploadFile(
  type: TransferName,
  attribute: string,
  owner: Row,
  file: File,
): Promise<StoredFile | undefined> {
  const path = uploadTokenPath(type, attribute as never);
  const { token } = await api.post<{ token: string }>(path, undefined, {
    ...(owner.__signedIdentifier === undefined ? {} : { signedIdentifier: owner.__signedIdentifier }),
  });
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(filePaths.upload, {
    method: 'POST',
    body: form,
    // The upload token and, as on every call, the bearer: the server takes it only from the actor it names.
    headers: requestHeaders(undefined, { headers: { [headers.token]: token } }),
  });
  if (response.status !== 200) {
    return undefined;
  }
  const body: unknown = await response.json();
  const files = typeof body === 'object' && body !== null ? Reflect.get(body, 'files') : undefined;
  const first: unknown = Array.isArray(files) ? files[0] : undefined;
  return isStoredFile(first) ? first : undefined;
}

export type DownloadedFile = { url: string; name: string; type: string };

/**
 * The file name a file token carries (SPEC §7: read by decoding the token; its payload is readable on
 * purpose). An unreadable token is logged and gives `fallback`.
 */
export function fileNameOf(token: string, fallback = ''): string {
  try {
    const payload = token.split('.')[1] ?? '';
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) =>
      char.charCodeAt(0),
    );
    const name: unknown = Reflect.get(JSON.parse(new TextDecoder().decode(bytes)) as object, 'name');
    if (typeof name !== 'string') {
      throw new Error('the file token names no file');
    }
    return name;
  } catch (error) {
    console.error('Could not read the file name of a file token', error);
    return fallback;
  }
}

const nameFrom = (disposition: string | null): string => {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] === undefined ? '' : decodeURIComponent(match[1]);
};

/**
 * The headers of a download: the file token and, as on every call, the bearer token; the server gives a file
 * only to the actor its token was issued to.
 */
export const downloadHeaders = (token: string): Headers =>
  requestHeaders(undefined, { headers: { Accept: '*/*', [headers.token]: token } });

/** Fetches a file by its token; only 200 counts (SPEC §8 'Error processing download response'). */
async function fetchFile(token: string, disposition: 'inline' | 'attachment'): Promise<DownloadedFile> {
  const response = await fetch(`${filePaths.download}?disposition=${disposition}`, {
    headers: downloadHeaders(token),
  });
  if (response.status !== 200) {
    throw new Error(`Error processing download response ${response.status}`);
  }
  const blob = await response.blob();
  return {
    url: URL.createObjectURL(blob),
    name: nameFrom(response.headers.get('content-disposition')),
    type: response.headers.get('content-type') ?? blob.type,
  };
}

/** Fetches a file to show inline (SPEC §7: the large dialog). */
export const downloadInline = (token: string): Promise<DownloadedFile> => fetchFile(token, 'inline');

/** Hands a fetched file to the browser as a download under its own name. */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.name === '' ? fallbackName : file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads a file by its token as an attachment (SPEC §7: "Otherwise it downloads"); the object URL is freed
 * once the browser has taken the file.
 */
export async function downloadAttachment(token: string): Promise<void> {
  const file = await fetchFile(token, 'attachment');
  saveFile(file, fileNameOf(token, 'download'));
  setTimeout(() => URL.revokeObjectURL(file.url), 60_000);
}
