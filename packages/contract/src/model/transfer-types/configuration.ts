import { changesTheDay } from '../../calendar/working-days.ts';
import { binary, date, enumerated, integer, operation, relation, string, transfer } from '../dsl.ts';
import { TypeOfDay } from '../enumerations.ts';
import { TIME_ZONE_PATTERN } from '../patterns.ts';
import { ACCESSIBLE_SLOT_RELEASE_MINUTES } from '../rule-codes.ts';
import { isKnownTimeZone } from '../time-zones.ts';
import type { TransferOf } from '../transfer-of.ts';
import { email, localizedTemplate } from './attributes.ts';
import { administeredRecord } from './records.ts';

export const AdditionalDay = transfer('AdditionalDay', {
  entity: 'AdditionalDay',
  attributes: {
    day: date({ required: true }),
    typeOfDay: enumerated(TypeOfDay, { required: true }),
  },
  check: ({ day, typeOfDay }) =>
    typeof day === 'string' &&
    (typeOfDay === 'WORK' || typeOfDay === 'HOLIDAY') &&
    !changesTheDay({ day, typeOfDay })
      ? [{ code: 'DAY_ALREADY_OF_THAT_TYPE', location: 'day' }]
      : [],
  ...administeredRecord,
});
export type AdditionalDay = TransferOf<typeof AdditionalDay>;

export const ConfigurationSettings = transfer('ConfigurationSettings', {
  entity: 'Configuration',
  attributes: {
    senderEmail: email(false),
    contactEmail: email(false),
    timeZone: string({
      required: true,
      maxLength: 64,
      pattern: TIME_ZONE_PATTERN,
      known: isKnownTimeZone,
      default: 'Europe/Budapest',
    }),
    /** How many days ahead non-administrators may book NORMAL and GUEST (DESIGN §4). */
    maxDaysInAdvance: integer({ required: true, default: 14 }),
    /** How many minutes (0–1440) before its start an accessible slot is offered to everybody (issue 29). */
    accessibleSlotReleaseMinutes: integer({ required: true, default: 30 }),
    /**
     * After how many months (1–120) reservations and waitlist places lose what names people (plates, guests,
     * who made them); the daily retention job.
     */
    retentionMonths: integer({ required: true, default: 24 }),
    /** After how many months (1–120) the audit log's entries are removed; the daily audit.prune job. */
    auditRetentionMonths: integer({ required: true, default: 24 }),
    // Each in Hungarian (the attribute itself) and English (…En); empty: the built-in body of that language.
    ...localizedTemplate('doormanEmailTemplate'),
    ...localizedTemplate('deletionEmailTemplate'),
    ...localizedTemplate('modificationEmailTemplate'),
    ...localizedTemplate('reminderEmailTemplate'),
    holidayImage: binary(),
  },
  relations: {
    additionalDays: relation('AdditionalDay', 'many', { updates: ['create', 'remove'] }),
    doormans: relation('Doorman', 'many', { updates: ['create', 'remove'] }),
  },
  operations: {
    createDay: operation({ input: 'AdditionalDay', output: 'AdditionalDay', bound: true }),
    createDoorman: operation({ input: 'DoormanInput', output: 'Doorman', bound: true }),
  },
  check: ({ accessibleSlotReleaseMinutes: minutes }) =>
    typeof minutes === 'number' &&
    (minutes < ACCESSIBLE_SLOT_RELEASE_MINUTES.min || minutes > ACCESSIBLE_SLOT_RELEASE_MINUTES.max)
      ? [{ code: 'ACCESSIBLE_RELEASE_OUT_OF_RANGE', location: 'accessibleSlotReleaseMinutes' }]
      : [],
  updatable: true,
});
export type ConfigurationSettings = TransferOf<typeof ConfigurationSettings>;
