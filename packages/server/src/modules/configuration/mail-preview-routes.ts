import {
  errorRefs,
  jsonAnswer,
  jsonSchemaOf,
  LOCALES,
  MAIL_PREVIEW_PATH,
  MAIL_TEMPLATE_FIELDS,
  type MailPreview,
  type MailPreviewRequest,
  MailPreviewRequestSchema,
  MailPreviewSchema,
  type OperationObject,
  TEMPLATE_MAX_LENGTH,
  type ValidationErrorItem,
} from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import { ForbiddenError, ValidationError } from '../../platform/errors.ts';
import type { PreviewMail } from '../../platform/mail/mail-preview.ts';
import { loadMailSettings } from './mail-settings.ts';

/** What each field of the body must be, in the order they are checked. */
function itemsOf(body: unknown): ValidationErrorItem[] {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const items: ValidationErrorItem[] = [];
  const refuse = (location: string, code: string) => items.push({ code, level: 'ERROR', location });
  if (!(MAIL_TEMPLATE_FIELDS as readonly unknown[]).includes(value.field)) {
    refuse('field', value.field === undefined ? 'MISSING_REQUIRED_ATTRIBUTE' : 'NOT_ACCEPTED_BY_RANGE');
  }
  if (!(LOCALES as readonly unknown[]).includes(value.locale)) {
    refuse('locale', value.locale === undefined ? 'MISSING_REQUIRED_ATTRIBUTE' : 'NOT_ACCEPTED_BY_RANGE');
  }
  if (typeof value.template !== 'string') {
    refuse('template', value.template === undefined ? 'MISSING_REQUIRED_ATTRIBUTE' : 'CONVERSION_FAILED');
  } else if (value.template.length > TEMPLATE_MAX_LENGTH) {
    refuse('template', 'MAX_LENGTH_VALIDATION_FAILED');
  }
  return items;
}

const previewDescription: OperationObject = {
  summary: 'Preview a mail template on sample data',
  tags: ['Configuration'],
  requestBody: {
    required: true,
    content: { 'application/json': { schema: jsonSchemaOf(MailPreviewRequestSchema, 'input') } },
  },
  responses: {
    '200': jsonAnswer(
      'The mail the template makes, and the placeholders it may use.',
      jsonSchemaOf(MailPreviewSchema),
    ),
    ...errorRefs(['400', '401', '403', '500']),
  },
};

/**
 * `POST /api/mail-templates/~preview`: the mail a template being edited makes, on sample data, for the
 * administrators who edit templates (Configuration settings, garages); nothing is stored or sent.
 */
export async function mailPreviewRoutes(
  api: FastifyInstance,
  options: { publicUrl: string; previewMail: PreviewMail },
): Promise<void> {
  api.post(
    `/${MAIL_PREVIEW_PATH}`,
    { config: { describe: previewDescription } },
    async (request): Promise<MailPreview> => {
      const { user } = await api.actorOf(request);
      if (!user.isAdministrator) {
        throw new ForbiddenError('PERMISSION_DENIED');
      }
      const items = itemsOf(request.body);
      if (items.length > 0) {
        throw new ValidationError(items);
      }
      const settings = await loadMailSettings(api.database.db);
      return options.previewMail(request.body as MailPreviewRequest, {
        appUrl: options.publicUrl,
        contactEmail: settings.contactEmail,
      });
    },
  );
}
