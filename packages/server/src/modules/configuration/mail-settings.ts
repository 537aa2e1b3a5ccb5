import type { Executor } from '../../platform/db/executor.ts';
import type { MailSettings } from '../../platform/mail/mail-data.ts';

const UNCONFIGURED: MailSettings = {
  senderEmail: null,
  contactEmail: null,
  timeZone: 'Europe/Budapest',
  doormanEmailTemplate: null,
  deletionEmailTemplate: null,
  modificationEmailTemplate: null,
  reminderEmailTemplate: null,
};

/** What mail needs of the configuration row (its zone, sender and templates), for platform's mail to use. */
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
  return row ?? UNCONFIGURED;
}
