import type { Locale } from '@parkhere/contract';
import { FLOOR_PLAN_CID } from '../../platform/mail/deliver-mail.ts';
import type { MailKind } from '../../platform/mail/mail-kind.ts';
import { movedView, type ReservationView, reservationValues, TYPE_LABELS } from './mail-context.ts';
import { type PlaceholderName, placeholders } from './mail-placeholders.ts';
import { RESERVATION_TEXTS } from './mail-texts.ts';

/*
 * The reservations' mail kinds (DESIGN §4): to the owner, and to the guest of a GUEST reservation (their own,
 * not a copy of the owner's). Each says its texts, the calendar event it carries, the placeholders it fills,
 * the administrators' template that is its body, and a sample for the preview.
 */

/** What every mail about one reservation fills. */
export const RESERVATION_PLACEHOLDERS: readonly PlaceholderName[] = [
  'recipient.name',
  'recipient.email',
  'reservation.date',
  'reservation.days',
  'reservation.startTime',
  'reservation.endTime',
  'reservation.garage',
  'reservation.slot',
  'reservation.slotName',
  'reservation.floor',
  'reservation.typeLabel',
  'reservation.licensePlate',
  'reservation.ownerName',
  'reservation.isGuest',
  'reservation.guestName',
  'reservation.guestEmail',
  'reserverName',
  'parkingSlotInformation',
  'date',
  'startTime',
  'endTime',
  'licensePlate',
  'garageName',
  'appUrl',
  'contactEmail',
] as const;
const CHECK_IN: readonly PlaceholderName[] = ['checkIn.opensAt', 'checkIn.closesAt', 'checkIn.url'];
const RELEASE: readonly PlaceholderName[] = ['release.url'];

/*
 * Believable values for the preview: what a real mail would carry, in the shapes the senders build
 * (wall-clock days and times as the database gives them; the renderer writes them in the recipient's language).
 */

export const SAMPLE_DAY = '2026-12-02';
export const SAMPLE_EMPLOYEE = { name: 'Kiss Anna', email: 'anna.kiss@example.com' };
const GUEST = { name: 'Nagy Péter', email: 'peter.nagy@example.com' };

/** A sample reservation of an employee, or of their guest (a guest parks at A-106, beside the employee's A-105). */
export const sampleReservation = (locale: Locale, guest: boolean): ReservationView => ({
  id: 'sample',
  date: SAMPLE_DAY,
  // HH:mm, as the mails' own rows carry times (mail-repository.ts): a value a template joins into a line
  // (the doormen's arrivals) shows no seconds.
  startTime: '08:30',
  endTime: '16:30',
  type: guest ? 'GUEST' : 'NORMAL',
  typeLabel: TYPE_LABELS[locale][guest ? 'GUEST' : 'NORMAL'],
  status: 'ACTIVE',
  slot: guest ? 'A-106 / -1 (HQ Garage)' : 'A-105 / -1 (HQ Garage)',
  slotName: guest ? 'A-106' : 'A-105',
  floor: -1,
  garage: 'HQ Garage',
  licensePlate: guest ? 'NPX-482' : 'ABC-123',
  reserverName: guest ? 'Nagy Péter' : 'Kiss Anna',
  ownerName: 'Kiss Anna',
  isGuest: guest,
  guestName: guest ? 'Nagy Péter' : null,
  guestEmail: guest ? 'peter.nagy@example.com' : null,
  days: [SAMPLE_DAY],
});

const sampleCheckIn = (appUrl: string) => ({
  opensAt: '08:15',
  closesAt: '09:00',
  url: `${appUrl}/ParkHere/check-in/sample`,
});

const sampleRelease = (appUrl: string) => ({ url: `${appUrl}/ParkHere/release/sample` });

const toOwner = (locale: Locale) => reservationValues(SAMPLE_EMPLOYEE, sampleReservation(locale, false));
const toGuest = (locale: Locale) => reservationValues(GUEST, sampleReservation(locale, true));

export const mailKinds = {
  confirmation: {
    name: 'confirmation',
    templates: RESERVATION_TEXTS.confirmation,
    event: 'REQUEST',
    placeholders: placeholders([...RESERVATION_PLACEHOLDERS, ...CHECK_IN, ...RELEASE, 'floorPlanCid']),
    templateField: 'emailTemplateOfTheGarage',
    sample: (locale, appUrl) => ({
      ...toOwner(locale),
      checkIn: sampleCheckIn(appUrl),
      release: sampleRelease(appUrl),
      floorPlanCid: FLOOR_PLAN_CID,
    }),
  },
  modification: {
    name: 'modification',
    templates: RESERVATION_TEXTS.modification,
    event: 'REQUEST',
    placeholders: placeholders(RESERVATION_PLACEHOLDERS),
    templateField: 'modificationEmailTemplate',
    sample: toOwner,
  },
  deletion: {
    name: 'deletion',
    templates: RESERVATION_TEXTS.deletion,
    event: 'CANCEL',
    placeholders: placeholders(RESERVATION_PLACEHOLDERS),
    templateField: 'deletionEmailTemplate',
    sample: toOwner,
  },
  reminder: {
    name: 'reminder',
    templates: RESERVATION_TEXTS.reminder,
    event: null,
    placeholders: placeholders([...RESERVATION_PLACEHOLDERS, ...CHECK_IN, ...RELEASE]),
    templateField: 'reminderEmailTemplate',
    sample: (locale, appUrl) => ({
      ...toOwner(locale),
      checkIn: sampleCheckIn(appUrl),
      release: sampleRelease(appUrl),
    }),
  },
  noShow: {
    name: 'no-show',
    templates: RESERVATION_TEXTS['no-show'],
    event: 'CANCEL',
    placeholders: placeholders([...RESERVATION_PLACEHOLDERS, 'checkIn.closesAt']),
    sample: (locale, appUrl) => ({ ...toOwner(locale), checkIn: { ...sampleCheckIn(appUrl), url: null } }),
  },
  guestConfirmation: {
    name: 'guest-confirmation',
    templates: RESERVATION_TEXTS['guest-confirmation'],
    event: 'REQUEST',
    placeholders: placeholders([...RESERVATION_PLACEHOLDERS, 'floorPlanCid']),
    sample: (locale) => ({ ...toGuest(locale), floorPlanCid: FLOOR_PLAN_CID }),
  },
  guestModification: {
    name: 'guest-modification',
    templates: RESERVATION_TEXTS['guest-modification'],
    event: 'REQUEST',
    placeholders: placeholders(RESERVATION_PLACEHOLDERS),
    sample: toGuest,
  },
  guestDeletion: {
    name: 'guest-deletion',
    templates: RESERVATION_TEXTS['guest-deletion'],
    event: 'CANCEL',
    placeholders: placeholders(RESERVATION_PLACEHOLDERS),
    sample: toGuest,
  },
  guestTimeZone: {
    name: 'guest-time-zone',
    templates: RESERVATION_TEXTS['guest-time-zone'],
    event: 'REQUEST',
    placeholders: placeholders([...RESERVATION_PLACEHOLDERS, 'timeZone']),
    sample: (locale) => ({ ...toGuest(locale), timeZone: 'Europe/London' }),
  },
  timeZone: {
    name: 'time-zone',
    templates: RESERVATION_TEXTS['time-zone'],
    event: 'REQUEST',
    placeholders: placeholders([
      'recipient.name',
      'recipient.email',
      'timeZone',
      'movedReservations',
      'appUrl',
      'contactEmail',
    ]),
    sample: (locale) => ({
      recipient: SAMPLE_EMPLOYEE,
      timeZone: 'Europe/London',
      movedReservations: [movedView(sampleReservation(locale, false))],
    }),
  },
} satisfies Record<string, MailKind>;
