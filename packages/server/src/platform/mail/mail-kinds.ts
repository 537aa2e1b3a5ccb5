import type { Locale, MailTemplateField, ReservationType } from '@parkhere/contract';
import type { CalendarMethod } from './calendar-event.ts';

export type MailKind =
  | 'confirmation'
  | 'modification'
  | 'deletion'
  | 'reminder'
  | 'no-show'
  | 'doorman-notice'
  | 'doorman-summary'
  | 'waitlist-promoted'
  | 'waitlist-expired'
  | GuestMailKind;

/** The mails to the guest of a GUEST reservation (DESIGN §4): their own, not a copy of the owner's. */
export type GuestMailKind = 'guest-confirmation' | 'guest-modification' | 'guest-deletion';

/**
 * The calendar event each kind of mail carries (an iCalendar invitation of its reservation): REQUEST adds or
 * moves it in the recipient's calendar, CANCEL removes it, null carries none. Every kind says which, so a new
 * kind decides it too.
 */
export const MAIL_EVENT_METHOD: Record<MailKind, CalendarMethod | null> = {
  confirmation: 'REQUEST',
  modification: 'REQUEST',
  deletion: 'CANCEL',
  'no-show': 'CANCEL',
  reminder: null,
  'doorman-notice': null,
  'doorman-summary': null,
  'waitlist-promoted': 'REQUEST',
  'waitlist-expired': null,
  'guest-confirmation': 'REQUEST',
  'guest-modification': 'REQUEST',
  'guest-deletion': 'CANCEL',
};

export const DEFAULT_LOCALE: Locale = 'hu-HU';

/** A reservation as templates see it: wall-clock values in the configured zone, times as HH:mm. */
export type ReservationView = {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  type: ReservationType;
  typeLabel: string;
  status: string;
  slot: string;
  slotName: string;
  floor: number;
  garage: string;
  licensePlate: string;
  reserverName: string;
  ownerName: string;
  isGuest: boolean;
  guestName: string | null;
  guestEmail: string | null;
  /** The working days of a LONG series this reservation belongs to, else only its date. */
  days: string[];
};

/**
 * Everything a template may use. Documented here because administrators write templates against it
 * (Configuration settings, the garage's confirmation template).
 */
export type MailContext = {
  recipient: { name: string; email: string };
  reservation?: ReservationView;
  /** Doorman mails: the arrivals (the instant notice has one). */
  reservations?: ReservationView[];
  date?: string;
  /**
   * Set when the reservation's garage requires check-in: its window as HH:mm, and the link that checks it in
   * without signing in (null where a link would not fit, e.g. a LONG series' confirmation or a no-show).
   */
  checkIn?: { opensAt: string; closesAt: string; url: string | null };
  /** Set when the slot has a floor plan: `<img src="cid:{{floorPlanCid}}">`. */
  floorPlanCid?: string;
  appUrl: string;
  contactEmail: string | null;
} & Partial<FlatFields>;

/**
 * The reservation's values at the top level too, under the spec's wire names, so short templates read
 * `{{parkingSlotInformation}} on {{date}}`; doorman mails get `arrivals` as one line each and `garageName`.
 */
export type FlatFields = {
  reserverName: string;
  parkingSlotInformation: string;
  startTime: string;
  endTime: string;
  licensePlate: string;
  garageName: string;
  arrivals: string[];
};

export const TYPE_LABELS: Record<Locale, Record<ReservationType, string>> = {
  'hu-HU': { NORMAL: 'Normál', QUICK: 'Gyors', GUEST: 'Vendég', LONG: 'Hosszú' },
  'en-US': { NORMAL: 'Normal', QUICK: 'Quick', GUEST: 'Guest', LONG: 'Long' },
};

/** The mail each administrators' template is the body of (the doormen's: their daily arrivals, and the notice). */
export const TEMPLATE_FIELD_KINDS: Record<MailTemplateField, MailKind> = {
  emailTemplateOfTheGarage: 'confirmation',
  modificationEmailTemplate: 'modification',
  deletionEmailTemplate: 'deletion',
  reminderEmailTemplate: 'reminder',
  doormanEmailTemplate: 'doorman-summary',
};

type Described = Record<Locale, string>;

/**
 * What each placeholder a template may use is, in the administrators' languages. The context types above
 * are what the mails fill; this says it in words, and `PLACEHOLDERS` says which mail has which.
 */
export const PLACEHOLDER_DESCRIPTIONS: Record<string, Described> = {
  'recipient.name': { 'en-US': 'Name of the person the mail goes to', 'hu-HU': 'A címzett neve' },
  'recipient.email': { 'en-US': 'E-mail address of the recipient', 'hu-HU': 'A címzett e-mail-címe' },
  'reservation.date': { 'en-US': 'Day of the reservation', 'hu-HU': 'A foglalás napja' },
  'reservation.days': {
    'en-US': 'Every day of a long series (use with #each)',
    'hu-HU': 'Egy hosszú foglalás minden napja (#each-csel)',
  },
  'reservation.startTime': { 'en-US': 'Start time', 'hu-HU': 'Kezdés' },
  'reservation.endTime': { 'en-US': 'End time', 'hu-HU': 'Befejezés' },
  'reservation.garage': { 'en-US': 'Garage', 'hu-HU': 'Parkolóház' },
  'reservation.slot': {
    'en-US': 'Parking slot with floor and garage',
    'hu-HU': 'Parkolóhely szinttel és parkolóházzal',
  },
  'reservation.slotName': { 'en-US': 'Parking slot name only', 'hu-HU': 'Csak a parkolóhely neve' },
  'reservation.floor': { 'en-US': 'Floor of the slot', 'hu-HU': 'A parkolóhely szintje' },
  'reservation.typeLabel': { 'en-US': 'Reservation type', 'hu-HU': 'A foglalás típusa' },
  'reservation.licensePlate': {
    'en-US': 'License plate that may enter',
    'hu-HU': 'A behajtó autó rendszáma',
  },
  'reservation.ownerName': {
    'en-US': 'Employee who made the reservation',
    'hu-HU': 'A foglalást készítő munkatárs',
  },
  'reservation.isGuest': {
    'en-US': 'Whether it is a guest reservation (use with #if)',
    'hu-HU': 'Vendégfoglalás-e (#if-fel)',
  },
  'reservation.guestName': {
    'en-US': 'Guest’s name (guest reservations)',
    'hu-HU': 'A vendég neve (vendégfoglalás)',
  },
  'reservation.guestEmail': {
    'en-US': 'Guest’s e-mail address (guest reservations)',
    'hu-HU': 'A vendég e-mail-címe (vendégfoglalás)',
  },
  reserverName: {
    'en-US': 'Who parks: the guest of a guest reservation, else the employee. Greet with recipient.name',
    'hu-HU': 'Aki parkol: vendégfoglalásnál a vendég, egyébként a munkatárs. Megszólításhoz: recipient.name',
  },
  parkingSlotInformation: {
    'en-US': 'Same as reservation.slot',
    'hu-HU': 'Ugyanaz, mint a reservation.slot',
  },
  date: { 'en-US': 'Day the mail is about', 'hu-HU': 'A nap, amelyről a levél szól' },
  startTime: { 'en-US': 'Same as reservation.startTime', 'hu-HU': 'Ugyanaz, mint a reservation.startTime' },
  endTime: { 'en-US': 'Same as reservation.endTime', 'hu-HU': 'Ugyanaz, mint a reservation.endTime' },
  licensePlate: {
    'en-US': 'Same as reservation.licensePlate',
    'hu-HU': 'Ugyanaz, mint a reservation.licensePlate',
  },
  garageName: {
    'en-US': 'Garage (doormen: every garage of the list)',
    'hu-HU': 'Parkolóház (portásoknak: a lista összes parkolóháza)',
  },
  'checkIn.opensAt': {
    'en-US': 'Check-in opens (garages that require check-in)',
    'hu-HU': 'A bejelentkezés kezdete (bejelentkezést kérő parkolóházban)',
  },
  'checkIn.closesAt': {
    'en-US': 'Check-in closes (garages that require check-in)',
    'hu-HU': 'A bejelentkezés vége (bejelentkezést kérő parkolóházban)',
  },
  'checkIn.url': {
    'en-US': 'Link that checks the reservation in',
    'hu-HU': 'A foglalást bejelentkeztető link',
  },
  floorPlanCid: {
    'en-US': 'The slot’s floor plan: <img src="cid:{{floorPlanCid}}">',
    'hu-HU': 'A parkolóhely alaprajza: <img src="cid:{{floorPlanCid}}">',
  },
  arrivals: {
    'en-US': 'One line per arrival (use with #each and {{this}})',
    'hu-HU': 'Érkezőnként egy sor (#each-csel és {{this}}-szel)',
  },
  reservations: {
    'en-US': 'The arrivals (#each): startTime, endTime, reserverName, licensePlate, slot, isGuest',
    'hu-HU': 'Az érkezők (#each): startTime, endTime, reserverName, licensePlate, slot, isGuest',
  },
  appUrl: { 'en-US': 'Address of ParkHere', 'hu-HU': 'A ParkHere címe' },
  contactEmail: {
    'en-US': 'Contact address of the configuration',
    'hu-HU': 'A beállításokban megadott kapcsolattartó cím',
  },
};

const RESERVATION = [
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
const CHECK_IN = ['checkIn.opensAt', 'checkIn.closesAt', 'checkIn.url'] as const;
const ARRIVALS = [
  'recipient.name',
  'recipient.email',
  'date',
  'garageName',
  'arrivals',
  'reservations',
] as const;

/** The placeholders each mail fills: what its template may use. */
export const PLACEHOLDERS: Record<MailKind, readonly string[]> = {
  confirmation: [...RESERVATION, ...CHECK_IN, 'floorPlanCid'],
  modification: RESERVATION,
  deletion: RESERVATION,
  reminder: [...RESERVATION, ...CHECK_IN],
  'no-show': [...RESERVATION, 'checkIn.closesAt'],
  'doorman-notice': [...ARRIVALS, ...RESERVATION.filter((name) => name.startsWith('reservation.'))],
  'doorman-summary': [...ARRIVALS, 'appUrl', 'contactEmail'],
  'waitlist-promoted': [...RESERVATION, 'floorPlanCid'],
  'waitlist-expired': [
    'recipient.name',
    'recipient.email',
    'date',
    'startTime',
    'endTime',
    'appUrl',
    'contactEmail',
  ],
  'guest-confirmation': [...RESERVATION, 'floorPlanCid'],
  'guest-modification': RESERVATION,
  'guest-deletion': RESERVATION,
};
