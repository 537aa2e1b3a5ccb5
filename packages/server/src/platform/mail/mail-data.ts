import { LOCALES, type Locale } from '@parkhere/contract';
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
