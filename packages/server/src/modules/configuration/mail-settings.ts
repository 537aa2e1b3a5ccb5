import { type MailTemplateField, mailTemplateAttributes } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { type MailSettings, type TemplateTexts, templateTextsOf } from '../../platform/mail/mail-data.ts';

/** The administrators' templates the configuration holds (a garage holds its confirmation's). */
export type ConfiguredTemplateField = Exclude<MailTemplateField, 'emailTemplateOfTheGarage'>;

export const CONFIGURED_FIELDS = [
  'doormanEmailTemplate',
  'deletionEmailTemplate',
  'modificationEmailTemplate',
  'reminderEmailTemplate',
] as const satisfies readonly ConfiguredTemplateField[];

/**
 * What mail needs of the configuration row: what delivering needs (sender, contact, zone) and the templates,
 * the body of the kind that names one (its `templateField`) in each language; null where none is set.
 */
export type ConfiguredMail = MailSettings & { templates: Record<ConfiguredTemplateField, TemplateTexts> };

const NONE: TemplateTexts = { 'hu-HU': null, 'en-US': null };

const UNCONFIGURED: ConfiguredMail = {
  senderEmail: null,
  contactEmail: null,
  timeZone: 'Europe/Budapest',
  templates: {
    doormanEmailTemplate: NONE,
    deletionEmailTemplate: NONE,
    modificationEmailTemplate: NONE,
    reminderEmailTemplate: NONE,
  },
};

/** What mail needs of the configuration row (its zone, sender and templates), for the mails' senders. */
export async function loadMailSettings(db: Executor): Promise<ConfiguredMail> {
  const row = await db
    .selectFrom('configuration')
    .select(['senderEmail', 'contactEmail', 'timeZone', ...CONFIGURED_FIELDS.flatMap(mailTemplateAttributes)])
    .executeTakeFirst();
  if (row === undefined) {
    return UNCONFIGURED;
  }
  const { senderEmail, contactEmail, timeZone } = row;
  return {
    senderEmail,
    contactEmail,
    timeZone,
    templates: {
      doormanEmailTemplate: templateTextsOf(row, 'doormanEmailTemplate'),
      deletionEmailTemplate: templateTextsOf(row, 'deletionEmailTemplate'),
      modificationEmailTemplate: templateTextsOf(row, 'modificationEmailTemplate'),
      reminderEmailTemplate: templateTextsOf(row, 'reminderEmailTemplate'),
    },
  };
}
