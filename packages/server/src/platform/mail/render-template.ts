import { BoundedCache } from '@parkhere/contract';
import Handlebars from 'handlebars';
import type { MailContext } from './mail-context.ts';
import type { MailTemplate } from './mail-kind.ts';
import { checkTemplate, parseTemplate, TemplateError } from './template-check.ts';

/*
 * A template that does not compile, render or pass the check throws TemplateError: its job fails with the
 * reason and is retried, then dead.
 */

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
    // What a save refuses is not rendered either (a template stored before the check was made).
    checkTemplate(source);
    // Handlebars compiles lazily: precompile now so a syntax error shows here, not on some later render.
    handlebars.precompile(source, options);
  } catch (error) {
    throw error instanceof TemplateError
      ? error.of(`the ${part} template`)
      : new TemplateError('does not compile', messageOf(error), null, `the ${part} template`);
  }
  return cache.set(source, handlebars.compile<MailContext>(source, options));
}

function render(source: string, part: string, context: MailContext, output: Output): string {
  const template = compile(source, part, output);
  try {
    return template(context);
  } catch (error) {
    throw new TemplateError('does not render', messageOf(error), null, `the ${part} template`);
  }
}

type Node = hbs.AST.Node;
// Helpers whose block is rendered in another context (each item, the given object): its paths are not the mail's.
const CONTEXT_HELPERS = new Set(['each', 'with']);

/**
 * The data paths a template reads in the mail's own context (`recipient.name`, not `@index`, `this` or a
 * path inside `#each`), for telling administrators which ones the mail does not have. Throws TemplateError
 * when it does not parse.
 */
export function templatePaths(source: string): string[] {
  let program: hbs.AST.Program;
  try {
    program = parseTemplate(source);
  } catch (error) {
    throw error instanceof TemplateError ? error.of('the body template') : error;
  }
  const paths = new Set<string>();
  const visit = (node: Node | null | undefined): void => {
    if (node === null || node === undefined) {
      return;
    }
    switch (node.type) {
      case 'Program':
        for (const statement of (node as hbs.AST.Program).body) {
          visit(statement);
        }
        return;
      case 'PathExpression': {
        const path = node as hbs.AST.PathExpression;
        if (!path.data && path.original !== 'this' && !path.original.startsWith('this.')) {
          paths.add(path.original);
        }
        return;
      }
      case 'MustacheStatement':
      case 'SubExpression': {
        const call = node as hbs.AST.MustacheStatement;
        // With parameters, the path names a helper; without, it is the value shown.
        if (call.params.length === 0) {
          visit(call.path);
        }
        for (const param of call.params) {
          visit(param);
        }
        return;
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement;
        for (const param of block.params) {
          visit(param);
        }
        const helper =
          block.path.type === 'PathExpression' ? (block.path as hbs.AST.PathExpression).original : '';
        if (!CONTEXT_HELPERS.has(helper)) {
          visit(block.program);
        }
        visit(block.inverse);
        return;
      }
      default:
        return;
    }
  };
  visit(program);
  return [...paths];
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
