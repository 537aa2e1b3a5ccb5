import { expect } from 'vitest';

/* The pages behind a mail's single-purpose links (check-in, release) as a browser calls them. */

/** The link followed, as a browser (or a mail scanner's prefetch) opens it. */
export const openLink = (url: string): Promise<Response> => fetch(url, { headers: { accept: 'text/html' } });

/** The page's one button pressed: its form posts an empty urlencoded body, in the browser's language. */
export const pressLinkButton = (url: string, language = 'hu-HU'): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language },
    body: '',
  });

/** A link page's answer with `status`: HTML nothing may keep, under the app's script policy; its text. */
export async function linkPageOf(answer: Response, status: number): Promise<string> {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toContain('text/html');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
  return answer.text();
}
