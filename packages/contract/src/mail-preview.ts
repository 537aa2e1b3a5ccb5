import { LOCALES, type Locale } from './locales.ts';

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

/*
 * Each template has a text per language (issue 31): a mail is written in its recipient's language, and where
 * that language's text is empty the built-in body of that language is used. The field's own attribute holds the
 * Hungarian text: templates were written before they had languages, for the workplace's default language
 * (hu-HU, the language of a mail to someone without one); `<field>En` holds the English.
 */
const LANGUAGE_SUFFIX = { 'hu-HU': '', 'en-US': 'En' } as const satisfies Record<Locale, string>;

/** The attribute holding a template's text in one language. */
export type MailTemplateAttribute<F extends MailTemplateField = MailTemplateField> =
  `${F}${(typeof LANGUAGE_SUFFIX)[Locale]}`;

export const mailTemplateAttribute = <F extends MailTemplateField>(
  field: F,
  locale: Locale,
): MailTemplateAttribute<F> => `${field}${LANGUAGE_SUFFIX[locale]}`;

/** A template's attributes, one per language, in LOCALES' order. */
export const mailTemplateAttributes = <F extends MailTemplateField>(field: F): MailTemplateAttribute<F>[] =>
  LOCALES.map((locale) => mailTemplateAttribute(field, locale));

/** Under the API base; POST, administrators only. */
export const MAIL_PREVIEW_PATH = 'mail-templates/~preview';

/**
 * `template`: the text being edited (unsaved), of the language `locale` (the attribute
 * `mailTemplateAttribute(field, locale)`); blank previews the built-in mail of that language.
 */
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
