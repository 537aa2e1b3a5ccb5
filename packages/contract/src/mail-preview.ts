import type { Locale } from './locales.ts';

/*
 * The preview of a mail template on the administrators' screens: the server renders the mail the template
 * makes, with sample data, through the renderer that sends mails, and names the placeholders that mail has.
 */

/** The attributes that hold the mail templates administrators write (Configuration settings, a garage). */
export const MAIL_TEMPLATE_FIELDS = [
  'emailTemplateOfTheGarage',
  'modificationEmailTemplate',
  'deletionEmailTemplate',
  'reminderEmailTemplate',
  'doormanEmailTemplate',
] as const;

export type MailTemplateField = (typeof MAIL_TEMPLATE_FIELDS)[number];

export const isMailTemplateField = (value: string): value is MailTemplateField =>
  (MAIL_TEMPLATE_FIELDS as readonly string[]).includes(value);

/** Under the API base; POST, administrators only. */
export const MAIL_PREVIEW_PATH = 'mail-templates/~preview';

/** `template`: the text being edited (unsaved); blank previews the built-in mail of that language. */
export type MailPreviewRequest = { field: MailTemplateField; template: string; locale: Locale };

/** A value a template may use: `{{name}}`, what it is, and what the sample mail shows for it. */
export type MailPlaceholder = { name: string; description: string; example: string };

export type MailPreview = {
  subject: string;
  /** The rendered body, sanitised: no script, handler or frame survives. */
  html: string;
  /** Whether the built-in text was rendered (the template was blank). */
  builtIn: boolean;
  placeholders: MailPlaceholder[];
  /** Placeholders the template uses that this mail does not have: they render as nothing. */
  unknown: string[];
  /** Why the template cannot be rendered (it does not compile); the mail would fail the same way. */
  error: string | null;
};
