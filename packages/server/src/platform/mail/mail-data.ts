import {
  LOCALES,
  type Locale,
  type MailTemplateAttribute,
  type MailTemplateField,
  mailTemplateAttribute,
} from '@parkhere/contract';
import { DEFAULT_LOCALE } from './mail-context.ts';

/**
 * What delivering a mail needs of the configuration: its sender, contact and zone. The configuration module
 * reads them (`loadMailSettings`, with the administrators' templates each kind's sender picks its body from) and
 * hands them in; platform reads no module's table.
 */
export type MailSettings = {
  senderEmail: string | null;
  contactEmail: string | null;
  timeZone: string;
};

export const localeOf = (value: string | null | undefined): Locale =>
  LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;

/** An administrators' template in each language: that language's text, null where none is set. */
export type TemplateTexts = Record<Locale, string | null>;

/**
 * A template's texts out of a row that holds its attributes (`reminderEmailTemplate`, `reminderEmailTemplateEn`,
 * as the contract's `mailTemplateAttribute` names them; Kysely reads the columns by these names).
 */
export const templateTextsOf = <F extends MailTemplateField>(
  row: Readonly<Record<MailTemplateAttribute<F>, string | null>>,
  field: F,
): TemplateTexts =>
  Object.fromEntries(
    LOCALES.map((locale) => [locale, row[mailTemplateAttribute(field, locale)]]),
  ) as TemplateTexts;
