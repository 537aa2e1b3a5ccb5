import type { MailTemplateField } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { MailSettings } from '../../platform/mail/mail-data.ts';

/** The administrators' templates the configuration holds (a garage holds its confirmation's). */
export type ConfiguredTemplateField = Exclude<MailTemplateField, 'emailTemplateOfTheGarage'>;

/**
 * What mail needs of the configuration row: what delivering needs (sender, contact, zone) and the templates,
 * the body of the kind that names one (its `templateField`); null where none is set.
 */
export type ConfiguredMail = MailSettings & { templates: Record<ConfiguredTemplateField, string | null> };

const UNCONFIGURED: ConfiguredMail = {
  senderEmail: null,
  contactEmail: null,
  timeZone: 'Europe/Budapest',
  templates: {
    doormanEmailTemplate: null,
    deletionEmailTemplate: null,
    modificationEmailTemplate: null,
    reminderEmailTemplate: null,
  },
};

/** What mail needs of the configuration row (its zone, sender and templates), for the mails' senders. */
export async function loadMailSettings(db: Executor): Promise<ConfiguredMail> {
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
  if (row === undefined) {
    return UNCONFIGURED;
  }
  const { senderEmail, contactEmail, timeZone, ...templates } = row;
  return { senderEmail, contactEmail, timeZone, templates };
}
