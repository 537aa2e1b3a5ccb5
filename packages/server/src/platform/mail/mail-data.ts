import { LOCALES, type Locale } from '@parkhere/contract';
import { DEFAULT_LOCALE } from './mail-context.ts';

/**
 * What mail needs of the configuration: its sender, contact, zone and administrators' templates. The
 * configuration module reads them (`loadMailSettings`) and hands them in; platform reads no module's table.
 */
export type MailSettings = {
  senderEmail: string | null;
  contactEmail: string | null;
  timeZone: string;
  doormanEmailTemplate: string | null;
  deletionEmailTemplate: string | null;
  modificationEmailTemplate: string | null;
  reminderEmailTemplate: string | null;
};

export const localeOf = (value: string | null | undefined): Locale =>
  LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
