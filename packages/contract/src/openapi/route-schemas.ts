import { z } from 'zod';
import type { CalendarFeedState } from '../api.ts';
import { LOCALES } from '../locales.ts';
import { MAIL_TEMPLATE_FIELDS, type MailPreview, type MailPreviewRequest } from '../mail-preview.ts';

/*
 * The bodies of the routes outside the model (the calendar feed's settings, the mail preview) as schemas, for
 * their description. The types stay plain in api.ts and mail-preview.ts, which the browser loads without zod;
 * the checks below fail the build if a schema and its type drift apart.
 */

export const CalendarFeedStateSchema = z.strictObject({ enabled: z.boolean(), url: z.string().nullable() });

export const MailPreviewRequestSchema = z.strictObject({
  field: z.enum(MAIL_TEMPLATE_FIELDS),
  template: z.string(),
  locale: z.enum(LOCALES),
});

export const MailPreviewSchema = z.strictObject({
  subject: z.string(),
  html: z.string(),
  builtIn: z.boolean(),
  placeholders: z.array(z.strictObject({ name: z.string(), description: z.string(), example: z.string() })),
  unknown: z.array(z.string()),
  error: z.string().nullable(),
});

/** true when the types `A` and `B` are the same (a schema's inferred type and its declared one). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const routeSchemasMatchTheirTypes: [
  Same<z.infer<typeof CalendarFeedStateSchema>, CalendarFeedState>,
  Same<z.infer<typeof MailPreviewRequestSchema>, MailPreviewRequest>,
  Same<z.infer<typeof MailPreviewSchema>, MailPreview>,
] = [true, true, true];
