import { LOCALES, type Locale } from '@parkhere/contract';
import type { Executor } from '../jobs/jobs-table.ts';
import { DEFAULT_LOCALE } from './mail-kinds.ts';

/** What mail needs of the configuration row. */
export type MailSettings = {
  senderEmail: string | null;
  contactEmail: string | null;
  timeZone: string;
  doormanEmailTemplate: string | null;
  deletionEmailTemplate: string | null;
  modificationEmailTemplate: string | null;
  reminderEmailTemplate: string | null;
};

export async function loadMailSettings(db: Executor): Promise<MailSettings> {
  const row = await db
    .selectFrom('configuration')
    .select([
      'senderEmail',
      'contactEmail',
      'timeZone',
      'doormanEmailTemplate',
      'deletionEmailTemplate',
      'modificationEmailTemplate',
      'reminderEmailTemplate',
    ])
    .executeTakeFirst();
  return (
    row ?? {
      senderEmail: null,
      contactEmail: null,
      timeZone: 'Europe/Budapest',
      doormanEmailTemplate: null,
      deletionEmailTemplate: null,
      modificationEmailTemplate: null,
      reminderEmailTemplate: null,
    }
  );
}

export const localeOf = (value: string | null | undefined): Locale =>
  LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
