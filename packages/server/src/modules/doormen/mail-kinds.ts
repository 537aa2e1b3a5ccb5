import type { Locale } from '@parkhere/contract';
import type { MailValues } from '../../platform/mail/mail-context.ts';
import type { MailKind } from '../../platform/mail/mail-kind.ts';
import {
  type PlaceholderName,
  placeholders,
  RESERVATION_PLACEHOLDERS,
  type ReservationView,
  reservationFields,
  SAMPLE_DAY,
  sampleReservation,
} from '../notifications/index.ts';

/*
 * The doormen's mails (DESIGN §4): a GUEST reservation announced at once, and the day's arrivals. Both have the
 * doormen's configured template as their body.
 */

/** The arrivals as one table: time, name (a guest marked), plate and slot. */
const arrivals = {
  'hu-HU': `<table>
<tr><th align="left">Időpont</th><th align="left">Név</th><th align="left">Rendszám</th><th align="left">Parkolóhely</th></tr>
{{#each reservations}}<tr><td>{{startTime}} – {{endTime}}</td><td>{{reserverName}}{{#if isGuest}} (vendég){{/if}}</td><td>{{licensePlate}}</td><td>{{slot}}</td></tr>
{{/each}}</table>`,
  'en-US': `<table>
<tr><th align="left">Time</th><th align="left">Name</th><th align="left">License plate</th><th align="left">Parking slot</th></tr>
{{#each reservations}}<tr><td>{{startTime}} – {{endTime}}</td><td>{{reserverName}}{{#if isGuest}} (guest){{/if}}</td><td>{{licensePlate}}</td><td>{{slot}}</td></tr>
{{/each}}</table>`,
} as const;

/** The owners of assigned slots expected that day, when there are any: time, name, plate and slot. */
const owners = {
  'hu-HU': `{{#if expectedOwners.length}}<p>Saját helyükre várhatók:</p><table>
<tr><th align="left">Munkaidő</th><th align="left">Név</th><th align="left">Rendszám</th><th align="left">Parkolóhely</th></tr>
{{#each expectedOwners}}<tr><td>{{startTime}} – {{endTime}}</td><td>{{ownerName}}</td><td>{{licensePlate}}</td><td>{{slot}}</td></tr>
{{/each}}</table>{{/if}}`,
  'en-US': `{{#if expectedOwners.length}}<p>Expected on their own slot:</p><table>
<tr><th align="left">Working hours</th><th align="left">Name</th><th align="left">License plate</th><th align="left">Parking slot</th></tr>
{{#each expectedOwners}}<tr><td>{{startTime}} – {{endTime}}</td><td>{{ownerName}}</td><td>{{licensePlate}}</td><td>{{slot}}</td></tr>
{{/each}}</table>{{/if}}`,
} as const;

/** An assigned slot's owner the doormen expect: when (their working hours), who, with which plate, where. */
export type ExpectedOwnerView = {
  startTime: string;
  endTime: string;
  ownerName: string;
  licensePlate: string;
  slot: string;
  garage: string;
};

const arrivalLine = (view: ReservationView | ExpectedOwnerView): string =>
  `${view.startTime}–${view.endTime} ${'reserverName' in view ? view.reserverName : view.ownerName} ${view.licensePlate} ${view.slot}`;

/**
 * The arrivals as a doormen's mail fills them: each, each as one line (the expected owners' lines after the
 * reservations', so a template of lines lists them too), and every garage of the list.
 */
const arrivalsValues = (arrivals: ReservationView[], expectedOwners: ExpectedOwnerView[] = []) => ({
  arrivals: [...arrivals, ...expectedOwners].map(arrivalLine),
  garageName: [...new Set([...arrivals, ...expectedOwners].map((view) => view.garage))].join(', '),
  reservations: arrivals,
});

type Recipient = MailValues['recipient'];

/** The instant notice: the guest's reservation, at the top level too, as the day's one arrival. */
export const noticeValues = (recipient: Recipient, reservation: ReservationView) => {
  const { reservations, ...arrivals } = arrivalsValues([reservation]);
  return {
    ...reservationFields(reservation),
    ...arrivals,
    recipient,
    reservation,
    reservations,
    date: reservation.date,
  };
};

/** The day's summary: its arrivals, and the owners of assigned slots expected on their own slot. */
export const summaryValues = (
  recipient: Recipient,
  arrivals: ReservationView[],
  date: string,
  expectedOwners: ExpectedOwnerView[] = [],
) => {
  const { reservations, ...lines } = arrivalsValues(arrivals, expectedOwners);
  return { ...lines, recipient, reservations, expectedOwners, date };
};

const ARRIVALS: readonly PlaceholderName[] = [
  'recipient.name',
  'recipient.email',
  'date',
  'garageName',
  'arrivals',
  'reservations',
];

const DOORMAN = { name: 'Tóth Béla', email: 'porta@example.com' };

/**
 * A sample day's arrivals as the summary lists them (guests first, then by start): a guest and two employees,
 * each on a slot of their own (issue 31: the sample had the guest and an employee on one slot at one time).
 */
const sampleArrivals = (locale: Locale): ReservationView[] => [
  sampleReservation(locale, true),
  { ...sampleReservation(locale, false), startTime: '07:45', endTime: '16:00' },
  {
    ...sampleReservation(locale, false),
    startTime: '09:00',
    endTime: '17:30',
    slot: 'A-112 / -1 (HQ Garage)',
    slotName: 'A-112',
    licensePlate: 'KLM-908',
    reserverName: 'Szabó Gábor',
    ownerName: 'Szabó Gábor',
  },
];

/** A sample owner of an assigned slot, expected on it. */
const SAMPLE_OWNER: ExpectedOwnerView = {
  startTime: '08:00',
  endTime: '16:30',
  ownerName: 'Kovács Anna',
  licensePlate: 'AKA-417',
  slot: 'A-101 / -1 (HQ Garage)',
  garage: 'HQ Garage',
};

export const mailKinds = {
  doormanNotice: {
    name: 'doorman-notice',
    templates: {
      'hu-HU': {
        subject: 'Vendég érkezik: {{reservation.guestName}}, {{reservation.date}} {{reservation.startTime}}',
        html: `<p>Kedves {{recipient.name}}!</p><p>Új vendégfoglalás érkezett ({{reservation.ownerName}} foglalta):</p>${arrivals['hu-HU']}`,
      },
      'en-US': {
        subject: 'Guest arriving: {{reservation.guestName}}, {{reservation.date}} {{reservation.startTime}}',
        html: `<p>Dear {{recipient.name}},</p><p>a new guest reservation (made by {{reservation.ownerName}}):</p>${arrivals['en-US']}`,
      },
    },
    event: null,
    placeholders: placeholders([
      ...ARRIVALS,
      ...RESERVATION_PLACEHOLDERS.filter((name) => name.startsWith('reservation.')),
    ]),
    sample: (locale) => noticeValues(DOORMAN, sampleReservation(locale, true)),
  },
  doormanSummary: {
    name: 'doorman-summary',
    templates: {
      'hu-HU': {
        subject: 'Mai érkezők: {{date}}',
        html: `<p>Kedves {{recipient.name}}!</p><p>A(z) {{date}} napi érkezők:</p>${arrivals['hu-HU']}${owners['hu-HU']}`,
      },
      'en-US': {
        subject: 'Arrivals today: {{date}}',
        html: `<p>Dear {{recipient.name}},</p><p>the arrivals of {{date}}:</p>${arrivals['en-US']}${owners['en-US']}`,
      },
    },
    event: null,
    placeholders: placeholders([...ARRIVALS, 'expectedOwners', 'appUrl', 'contactEmail']),
    templateField: 'doormanEmailTemplate',
    sample: (locale) => summaryValues(DOORMAN, sampleArrivals(locale), SAMPLE_DAY, [SAMPLE_OWNER]),
  },
} satisfies Record<string, MailKind>;
