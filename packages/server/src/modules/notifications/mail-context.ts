import type { Locale, ReservationType } from '@parkhere/contract';
import type { MailValues } from '../../platform/mail/mail-context.ts';

/*
 * What the template of a mail about a reservation sees. Described here because administrators write templates
 * against it (Configuration settings, the garage's confirmation template); mail-placeholders.ts says each value
 * in their languages, and each kind names the ones it fills.
 */

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
 * The reservation's values at the top level too, under the spec's wire names, so short templates read
 * `{{parkingSlotInformation}} on {{date}}`.
 */
export type ReservationFields = {
  reserverName: string;
  parkingSlotInformation: string;
  date: string;
  startTime: string;
  endTime: string;
  licensePlate: string;
  garageName: string;
};

/**
 * Set when the reservation's garage requires check-in: its window as HH:mm, and the link that checks it in
 * without signing in (null where a link would not fit, e.g. a LONG series' confirmation or a no-show).
 */
export type CheckInValues = { opensAt: string; closesAt: string; url: string | null };

/** The link that gives the reservation back without signing in, until it starts (its confirmation and reminder). */
export type ReleaseValues = { url: string };

/** What a mail about one reservation fills. */
export type ReservationMailValues = MailValues &
  ReservationFields & {
    reservation: ReservationView;
    checkIn?: CheckInValues;
    release?: ReleaseValues;
    /** Set when the slot has a floor plan: `<img src="cid:{{floorPlanCid}}">`. */
    floorPlanCid?: string;
    /** The configured zone a guest's mail after a change of it names. */
    timeZone?: string;
  };

export const TYPE_LABELS: Record<Locale, Record<ReservationType, string>> = {
  'hu-HU': { NORMAL: 'Normál', QUICK: 'Gyors', GUEST: 'Vendég', LONG: 'Hosszú' },
  'en-US': { NORMAL: 'Normal', QUICK: 'Quick', GUEST: 'Guest', LONG: 'Long' },
};

export const reservationFields = (view: ReservationView): ReservationFields => ({
  reserverName: view.reserverName,
  parkingSlotInformation: view.slot,
  date: view.date,
  startTime: view.startTime,
  endTime: view.endTime,
  licensePlate: view.licensePlate,
  garageName: view.garage,
});

/** The values of a mail about a reservation to a recipient: its view, its fields at the top level, and `more`. */
export const reservationValues = (
  recipient: MailValues['recipient'],
  reservation: ReservationView,
  more: Partial<Pick<ReservationMailValues, 'checkIn' | 'release' | 'floorPlanCid' | 'timeZone'>> = {},
): ReservationMailValues => ({ ...reservationFields(reservation), recipient, reservation, ...more });

/** A reservation a change of the time zone moved, as its re-invitation lists it. */
export type MovedReservationView = Pick<
  ReservationView,
  'date' | 'startTime' | 'endTime' | 'slot' | 'garage'
>;

export const movedView = (view: MovedReservationView): MovedReservationView => ({
  date: view.date,
  startTime: view.startTime,
  endTime: view.endTime,
  slot: view.slot,
  garage: view.garage,
});
