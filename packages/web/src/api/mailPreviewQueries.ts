import { MAIL_PREVIEW_PATH, type MailPreview, type MailPreviewRequest } from '@parkhere/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

/*
 * The server's preview of a mail template being edited (Configuration settings, a garage): the mail it makes
 * on sample data, rendered and sanitised by the server, and the placeholders that mail has.
 */

export const mailPreviewKey = (request: MailPreviewRequest) =>
  ['ConfigurationSettings', 'mailPreview', request] as const;

export const mailPreviewQuery = (request: MailPreviewRequest | null) =>
  queryOptions({
    queryKey: mailPreviewKey(request ?? { field: 'reminderEmailTemplate', template: '', locale: 'hu-HU' }),
    queryFn: () => api.post<MailPreview>(`/${MAIL_PREVIEW_PATH}`, request, { handleErrors: false }),
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
