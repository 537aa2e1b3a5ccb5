import { API_BASE, headers as judoHeaders, NOTICES } from '@parkhere/contract/plain';
import i18next from 'i18next';
import { ApiError } from '../errors/apiError.ts';
import { handleError } from '../errors/handleError.ts';
import { OfflineError } from '../errors/offlineError.ts';
import { currentDialogs } from '../feedback/dialogs.tsx';
import { withProgress } from '../feedback/progress.ts';
import { toast } from '../feedback/toast.ts';
import { deviceOnline, isOnline, noteServerAnswered, serverAnswers } from '../offline/onlineStatus.ts';
import { FROM_WORKER_CACHE_HEADER, isGatewayFailure } from '../offline/workerCaches.ts';
import { fileNameOf, saveFile } from './saveFile.ts';

export { ApiError } from '../errors/apiError.ts';

export type RequestOptions = {
  signedIdentifier?: string;
  /** Sent as X-Judo-Mask: limits the fields an update touches. */
  mask?: string;
  headers?: Record<string, string>;
  /** No Authorization header (only the metadata call goes without one). */
  anonymous?: boolean;
  /** False: the caller handles every failure itself, so no interceptor, toast or dialog runs. */
  handleErrors?: boolean;
};

export type ApiResponse<T> = { data: T; headers: Headers };

/** What the signed-in session lends the client: the token, and how to make the user sign in again. */
export type ApiSession = {
  accessToken(): string | undefined;
  reauthenticate(): void;
};

let session: ApiSession | undefined;

export function configureApi(next: ApiSession | undefined): void {
  session = next;
}

function url(path: string): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

/** The headers of SPEC §7: bearer token (except anonymous calls), signed identifier, mask, language. */
export function requestHeaders(body: unknown, options: RequestOptions): Headers {
  const result = new Headers({ Accept: 'application/json', 'Accept-Language': i18next.language ?? 'en-US' });
  if (body !== undefined) {
    result.set('Content-Type', body instanceof Blob ? body.type : 'application/json');
  }
  const token = options.anonymous ? undefined : session?.accessToken();
  if (token) {
    result.set('Authorization', `Bearer ${token}`);
  }
  if (options.signedIdentifier) {
    result.set(judoHeaders.signedIdentifier, options.signedIdentifier);
  }
  if (options.mask !== undefined) {
    result.set(judoHeaders.mask, options.mask);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    result.set(name, value);
  }
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') {
    return undefined;
  }
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

/**
 * Before a write: offline (no network, or the server answered nothing last time and does not answer a probe
 * now) it is refused here rather than queued, so the user learns at once that it was not sent.
 */
async function ensureReachable(): Promise<void> {
  if (!deviceOnline()) {
    throw new OfflineError();
  }
  if (isOnline()) {
    return;
  }
  if (!(await serverAnswers())) {
    throw new OfflineError();
  }
  noteServerAnswered(true);
}

/** The calls that change nothing: GETs and the POSTs that only read (a list, a get, a range, a validation). */
const READ_SUFFIXES = ['~list', '~get', '~range', '~validate'];
export function isRead(method: string, path: string): boolean {
  return method === 'GET' || READ_SUFFIXES.some((suffix) => path.endsWith(suffix));
}

/** The server's answer to a call; an ApiError when there is none or it is a failure. */
async function answerTo(method: string, path: string, body: unknown, options: RequestOptions) {
  let response: Response;
  try {
    response = await fetch(url(path), {
      method,
      headers: requestHeaders(body, options),
      // A Blob (an uploaded file) goes as it is, under its own type; anything else as JSON.
      body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
    });
  } catch {
    noteServerAnswered(false);
    throw new ApiError(0, undefined, false);
  }
  // A gateway's 502, 503 or 504 says the server could not be reached, and so does an answer the service worker
  // gives from its cache (the start-up's): no answer of the server's own.
  const reached = !isGatewayFailure(response.status) && !response.headers.has(FROM_WORKER_CACHE_HEADER);
  noteServerAnswered(reached);
  if (!response.ok) {
    throw new ApiError(response.status, await readBody(response).catch(() => undefined), reached);
  }
  return response;
}

async function exchange(method: string, path: string, body: unknown, options: RequestOptions) {
  // Reads go on whatever the state: an answer ends the offline state, and the offline copies stand in for none.
  if (!isRead(method, path)) {
    await ensureReachable();
  }
  const response = await answerTo(method, path, body, options);
  return { data: await readBody(response), headers: response.headers };
}

/** Shows a failure through the error pipeline: for a caller that sent `handleErrors: false` and handles only some. */
export function reportError(error: unknown): void {
  handleError(error, {
    translate: (key, fallback) => i18next.t(key, { ns: 'system', defaultValue: fallback ?? key }),
    showError: (message) => toast.error(message),
    showBusinessFault: (body) => {
      const dialogs = currentDialogs();
      if (dialogs) {
        void dialogs.businessFault(body);
        return;
      }
      toast.error(i18next.t('error.businessFault', { ns: 'system' }));
    },
    reauthenticate: () => session?.reauthenticate(),
  });
}

/**
 * What a successful change did not do (X-Notice, contract NOTICES: a guest not mailed, the doormen not notified
 * because a mail budget is used up): each is said once, as a warning, in the user's language.
 */
function showNotices(answer: Headers): void {
  for (const notice of (answer.get(judoHeaders.notice) ?? '').split(',')) {
    const code = notice.trim();
    if ((NOTICES as readonly string[]).includes(code)) {
      toast.warning(i18next.t(`notice.${code}`, { ns: 'system' }));
    }
  }
}

/**
 * Sends one call to `/api/…` with the headers of SPEC §7 and the progress bar around it. A failure is shown
 * through the error pipeline (unless `handleErrors: false`) and rethrown, as an ApiError when it is HTTP.
 */
export async function send<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  try {
    const { data, headers } = await withProgress(() => exchange(method, path, body, options));
    showNotices(headers);
    // The server answers in the contract's shapes; the caller names the one it asked for.
    return { data: data as T, headers };
  } catch (error) {
    // A read that got no answer needs no toast: the offline notice says it, and the copies stand in.
    const unanswered = isRead(method, path) && error instanceof ApiError && !error.received;
    if (options.handleErrors !== false && !unanswered) {
      reportError(error);
    }
    throw error;
  }
}

/**
 * A file the server answers a POST with (a list's export), saved under the name the server gives it; a failure
 * is shown as any call's.
 */
export async function download(
  path: string,
  body: unknown,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<void> {
  try {
    await withProgress(async () => {
      const response = await answerTo('POST', path, body, options);
      saveFile(await response.blob(), fileNameOf(response.headers) ?? fallbackName);
    });
  } catch (error) {
    reportError(error);
    throw error;
  }
}

export const api = {
  get: async <T>(path: string, options?: RequestOptions): Promise<T> =>
    (await send<T>('GET', path, undefined, options)).data,
  post: async <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    (await send<T>('POST', path, body, options)).data,
  send,
};
