import { BoundedCache } from '@parkhere/contract';
import Handlebars from 'handlebars';
import type { MailTemplate } from './default-templates.ts';
import type { MailContext } from './mail-kinds.ts';

/** A template that does not compile or render: the job fails with this reason and is retried, then dead. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

// An own environment: no helper or partial registered elsewhere leaks into administrators' templates.
const handlebars = Handlebars.create();
const CACHE_LIMIT = 200;
const caches = {
  html: new BoundedCache<string, Template>(CACHE_LIMIT),
  header: new BoundedCache<string, Template>(CACHE_LIMIT),
};

type Template = Handlebars.TemplateDelegate<MailContext>;
/** `html` escapes values; `header` does not, because a subject is header text and `&amp;` would show. */
type Output = keyof typeof caches;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function compile(source: string, part: string, output: Output): Template {
  const cache = caches[output];
  const cached = cache.get(source);
  if (cached !== undefined) {
    return cached;
  }
  const options = { noEscape: output === 'header', strict: false };
  try {
    // Handlebars compiles lazily: precompile now so a syntax error shows here, not on some later render.
    handlebars.precompile(source, options);
  } catch (error) {
    throw new TemplateError(`the ${part} template does not compile: ${messageOf(error)}`);
  }
  return cache.set(source, handlebars.compile<MailContext>(source, options));
}

function render(source: string, part: string, context: MailContext, output: Output): string {
  const template = compile(source, part, output);
  try {
    return template(context);
  } catch (error) {
    throw new TemplateError(`the ${part} template does not render: ${messageOf(error)}`);
  }
}

export type RenderedMail = { subject: string; html: string; text: string };

/** Renders subject and HTML body (values HTML-escaped) and a plain-text alternative of the body. */
export function renderMail(template: MailTemplate, context: MailContext): RenderedMail {
  const subject = render(template.subject, 'subject', context, 'header').replace(/\s+/g, ' ').trim();
  const html = render(template.html, 'body', context, 'html');
  return { subject, html, text: textOf(html) };
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#x60;': '`',
  '&#x3D;': '=',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** A readable plain-text part for clients that show no HTML: cells tab-separated, rows and blocks on lines. */
export function textOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/tr|\/h\d|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(/<[^>]*>/g, '')
    .replace(/&[#a-z0-9]+;/gi, (entity) => ENTITIES[entity] ?? entity)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}
