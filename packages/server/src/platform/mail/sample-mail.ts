import type { Locale } from '@parkhere/contract';
import { FLOOR_PLAN_CID } from './deliver-mail.ts';
import { type MailContext, type MailKind, type ReservationView, TYPE_LABELS } from './mail-kinds.ts';

/*
 * Believable values for every mail kind, for the administrators' preview: what a real mail of that kind
 * would carry, in the shapes the senders build (wall-clock days and times as the database gives them; the
 * renderer writes them in the recipient's language).
 */

const DAY = '2026-12-02';

const reservationOf = (locale: Locale, guest: boolean): ReservationView => ({
  id: 'sample',
  date: DAY,
  startTime: '08:30:00',
  endTime: '16:30:00',
  type: guest ? 'GUEST' : 'NORMAL',
  typeLabel: TYPE_LABELS[locale][guest ? 'GUEST' : 'NORMAL'],
  status: 'ACTIVE',
  slot: 'A-105 / -1 (HQ Garage)',
  slotName: 'A-105',
  floor: -1,
  garage: 'HQ Garage',
  licensePlate: guest ? 'NPX-482' : 'ABC-123',
  reserverName: guest ? 'Nagy Péter' : 'Kiss Anna',
  ownerName: 'Kiss Anna',
  isGuest: guest,
  guestName: guest ? 'Nagy Péter' : null,
  guestEmail: guest ? 'peter.nagy@example.com' : null,
  days: [DAY],
});

const arrivalsOf = (locale: Locale): ReservationView[] => [
  reservationOf(locale, true),
  reservationOf(locale, false),
  {
    ...reservationOf(locale, false),
    startTime: '09:00:00',
    endTime: '17:30:00',
    slot: 'A-112 / -1 (HQ Garage)',
    slotName: 'A-112',
    licensePlate: 'KLM-908',
    reserverName: 'Szabó Gábor',
    ownerName: 'Szabó Gábor',
  },
];

const EMPLOYEE = { name: 'Kiss Anna', email: 'anna.kiss@example.com' };
const DOORMAN = { name: 'Tóth Béla', email: 'porta@example.com' };
const GUEST = { name: 'Nagy Péter', email: 'peter.nagy@example.com' };

export type SampleContext = Omit<MailContext, 'appUrl' | 'contactEmail'>;

/** The sample context of a mail kind in a language; `appUrl` builds the sample check-in link. */
export function sampleContextOf(kind: MailKind, locale: Locale, appUrl: string): SampleContext {
  const reservation = reservationOf(locale, kind.startsWith('guest-'));
  const checkIn = { opensAt: '08:15', closesAt: '09:00', url: `${appUrl}/ParkHere/check-in/sample` };
  switch (kind) {
    case 'doorman-summary':
      return { recipient: DOORMAN, reservations: arrivalsOf(locale), date: DAY };
    case 'doorman-notice': {
      const guest = reservationOf(locale, true);
      return { recipient: DOORMAN, reservation: guest, reservations: [guest], date: DAY };
    }
    case 'waitlist-expired':
      return { recipient: EMPLOYEE, date: DAY, startTime: '08:30:00', endTime: '16:30:00' };
    case 'guest-confirmation':
      return { recipient: GUEST, reservation, floorPlanCid: FLOOR_PLAN_CID };
    case 'guest-modification':
    case 'guest-deletion':
      return { recipient: GUEST, reservation };
    case 'confirmation':
      return { recipient: EMPLOYEE, reservation, checkIn, floorPlanCid: FLOOR_PLAN_CID };
    case 'reminder':
      return { recipient: EMPLOYEE, reservation, checkIn };
    case 'no-show':
      return { recipient: EMPLOYEE, reservation, checkIn: { ...checkIn, url: null } };
    case 'waitlist-promoted':
      return { recipient: EMPLOYEE, reservation, floorPlanCid: FLOOR_PLAN_CID };
    case 'modification':
    case 'deletion':
      return { recipient: EMPLOYEE, reservation };
  }
}
