import type { Locale, ReservationType } from '@parkhere/contract';

/*
 * What a mail template sees, whatever its kind (the kinds are the modules': src/mail-kinds.ts): the values of
 * its context, described in the administrators' languages.
 */

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
