import type { Locale, OperationObject } from '@parkhere/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * The small pages behind a mail's single-purpose links (check-in, giving a slot back): self-contained HTML
 * (no script, no asset, one inline style the app's policy allows), fast on a phone, in the reader's language,
 * every value escaped. GET shows what the link acts on with one button whose plain form POSTs to the very
 * address the mail linked (mail scanners prefetch links, so GET changes nothing); the POST answers a result.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

// The button in the brand's dark orange (5.6:1 against its white text), a focus ring that shows, and a tap
// target of 48 pixels.
const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5;' +
  'color:#1a1a1a;background:#fff}th{text-align:left;padding-right:1rem}' +
  'button{font:inherit;font-size:1.2rem;min-height:48px;padding:.6rem 1.6rem;margin-top:1rem;color:#fff;' +
  'background:#b83f07;border:0;border-radius:5px;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #2f3257;outline-offset:3px}';

/** A whole page: its title is its one h1. */
export const linkPage = (locale: Locale, title: string, body: string): string => `<!DOCTYPE html>
<html lang="${locale.slice(0, 2)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;

/** What the link acts on, as label and value rows. */
export const detailsTable = (rows: ReadonlyArray<readonly [string, string]>): string =>
  `<table>${rows.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`;

/** The one button: a form without an action posts to the page's own address, behind whatever prefix serves it. */
export const buttonForm = (label: string): string =>
  `<form method="post"><button type="submit">${escapeHtml(label)}</button></form>`;

/** A paragraph of text. */
export const paragraph = (text: string): string => `<p>${escapeHtml(text)}</p>`;

/** Without a valid link there is nobody to ask: the browser's preference, Hungarian by default. */
export const browserLocale = (request: FastifyRequest): Locale =>
  /^\s*en\b/i.test(request.headers['accept-language'] ?? '') ? 'en-US' : 'hu-HU';

export const sendLinkPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    // A personal page behind a credential in its address: nothing may keep it, no search engine list it.
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .send(html);

/**
 * The button's form posts an empty urlencoded body; nothing in any body is read, so none is refused either
 * (a body of another type, malformed or large is let through unread, as a GET's is).
 */
export function readNoBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.on('error', done);
    payload.on('end', () => done(null, {}));
    payload.resume();
  });
}

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

/** A link page as /api/openapi.json describes it: the token of the mail's link is its only credential. */
export const describedLinkPage = (
  tag: string,
  summary: string,
  responses: Record<'200' | '404' | '422', string>,
): OperationObject => ({
  summary,
  tags: [tag],
  security: [],
  responses: {
    '200': html(responses['200']),
    '404': html(responses['404']),
    '422': html(responses['422']),
  },
});
