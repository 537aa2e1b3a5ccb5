import type { MailPlaceholder, MailPreview, MailPreviewRequest, MailTemplateField } from '@parkhere/contract';
import sanitizeHtml from 'sanitize-html';
import { composeMail, templateValues } from './deliver-mail.ts';
import type { MailKind } from './mail-kind.ts';
import { templatePaths } from './render-template.ts';
import { TemplateError } from './template-check.ts';

/*
 * The administrators' preview of a template: the mail it makes, rendered by the renderer that sends mails on
 * a sample of that mail's data, and the placeholders that mail has. The HTML is sanitised before it leaves:
 * an administrator's markup is shown, never run, on the screen that previews it.
 */

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'alt', 'width', 'height'],
    td: ['align', 'colspan', 'rowspan'],
    th: ['align', 'colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'cid'],
};

const valueAt = (data: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (current, key) =>
        typeof current === 'object' && current !== null ? Reflect.get(current, key) : undefined,
      data,
    );

const exampleOf = (value: unknown): string => {
  if (Array.isArray(value)) {
    return value.length === 0 || typeof value[0] !== 'string' ? `${value.length} ×` : value.join(', ');
  }
  return value === undefined || value === null ? '' : String(value);
};

/** The whole path is known, or it names an object a known path lies in (`recipient`). */
const isKnown = (names: readonly string[], path: string): boolean =>
  names.some((name) => name === path || name.startsWith(`${path}.`));

/** What previews a template: the composition root hands it the mail kind whose body each template field is. */
export type PreviewMail = (
  request: MailPreviewRequest,
  shared: { appUrl: string; contactEmail: string | null },
) => MailPreview;

export const mailPreview =
  (kinds: Record<MailTemplateField, MailKind>): PreviewMail =>
  (request, shared) => {
    const kind = kinds[request.field];
    const context = kind.sample(request.locale, shared.appUrl);
    const names = Object.keys(kind.placeholders);
    const values = templateValues(context, request.locale, shared);
    const placeholders: MailPlaceholder[] = names.map((name) => ({
      name,
      description: kind.placeholders[name]?.[request.locale] ?? '',
      example: exampleOf(valueAt(values, name)),
    }));
    const builtIn = request.template.trim() === '';
    try {
      const unknown = builtIn ? [] : templatePaths(request.template).filter((path) => !isKnown(names, path));
      const mail = composeMail(
        { kind, locale: request.locale, configuredBody: request.template, context },
        shared,
      );
      return {
        subject: mail.subject,
        html: sanitizeHtml(mail.html, SANITIZE),
        builtIn,
        placeholders,
        unknown,
        error: null,
      };
    } catch (error) {
      if (!(error instanceof TemplateError)) {
        throw error;
      }
      return { subject: '', html: '', builtIn, placeholders, unknown: [], error: error.message };
    }
  };
