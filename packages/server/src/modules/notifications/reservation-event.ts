import { instantOf, type Locale, wallClockAt } from '@parkhere/contract';
import type { CalendarEvent } from '../../platform/mail/calendar-event.ts';
import { plainName } from '../../platform/mail/plain-name.ts';
import { TYPE_LABELS } from './mail-context.ts';
import type { ReservationEventFacts } from './mail-facts.ts';

/** A reservation's event without who sends or receives it (a mail adds those). */
export type ReservationEvent = Omit<CalendarEvent, 'organizer' | 'attendee'>;

const hhmm = (at: Date, timeZone: string) => wallClockAt(at, timeZone).time.slice(0, 5);

/** The check-in window of a reservation as the wall-clock HH:mm it opens and closes at, and its closing instant. */
export function checkInTimesOf(
  facts: Pick<ReservationEventFacts, 'checkIn'>,
  timeZone: string,
): { opensAt: string; closesAt: string; closes: Date } {
  return {
    opensAt: hhmm(facts.checkIn.opensAt, timeZone),
    closesAt: hhmm(facts.checkIn.closesAt, timeZone),
    closes: facts.checkIn.closesAt,
  };
}

const TEXTS: Record<
  Locale,
  {
    summary: (slot: string, garage: string) => string;
    guest: string;
    type: string;
    plate: string;
    checkInBetween: (from: string, until: string) => string;
    checkedIn: (time: string) => string;
    released: (time: string) => string;
  }
> = {
  'en-US': {
    summary: (slot, garage) => `Parking: ${slot} (${garage})`,
    guest: 'Guest',
    type: 'Type',
    plate: 'License plate',
    checkInBetween: (from, until) => `Check in between ${from} and ${until}`,
    checkedIn: (time) => `Checked in at ${time}`,
    released: (time) => `Released: no check-in by ${time}`,
  },
  'hu-HU': {
    summary: (slot, garage) => `Parkolás: ${slot} (${garage})`,
    guest: 'Vendég',
    type: 'Típus',
    plate: 'Rendszám',
    checkInBetween: (from, until) => `Érkezését ${from} és ${until} között jelezze`,
    checkedIn: (time) => `Megérkezett: ${time}`,
    released: (time) => `Felszabadítva: ${time}-ig nem jelezte érkezését`,
  },
};

/** The check-in state the event tells (issue 13): what to do, that it was done, or that the slot was released. */
function checkInLine(facts: ReservationEventFacts, locale: Locale, timeZone: string): string | null {
  const texts = TEXTS[locale];
  if (facts.checkedInAt !== null) {
    return texts.checkedIn(hhmm(facts.checkedInAt, timeZone));
  }
  if (!facts.checkIn.required) {
    return null;
  }
  const times = checkInTimesOf(facts, timeZone);
  if (facts.row.status === 'NO_SHOW') {
    return texts.released(times.closesAt);
  }
  return facts.row.status === 'ACTIVE' ? texts.checkInBetween(times.opensAt, times.closesAt) : null;
}

/** Gone from the owner's day: deleted, released as a no-show, or cancelled early. */
const isCancelled = (facts: ReservationEventFacts): boolean =>
  facts.row.status === 'DELETED' || facts.row.status === 'NO_SHOW' || facts.cancelled;

/**
 * The calendar event of a reservation, the same in the feed and in every mail: UID by the reservation and the
 * server's host; SEQUENCE from the version (0 when new), one higher once checked in, since the event then says
 * so and a check-in keeps the version. Times are the booked wall clock in the configured zone (a cancelled
 * reservation's stored end is cut; its event keeps the booked one, so the cancellation names the event booked).
 */
export function reservationEvent(
  facts: ReservationEventFacts,
  options: { locale: Locale; timeZone: string; publicUrl: string; stamp?: Date },
): ReservationEvent {
  const { locale, timeZone } = options;
  const texts = TEXTS[locale];
  const row = facts.row;
  const checkIn = checkInLine(facts, locale, timeZone);
  const lines = [
    `${texts.type}: ${TYPE_LABELS[locale][row.type]}`,
    ...(row.guestName === null ? [] : [`${texts.guest}: ${plainName(row.guestName)}`]),
    ...(row.licensePlate === '' ? [] : [`${texts.plate}: ${row.licensePlate}`]),
    ...(checkIn === null ? [] : [checkIn]),
  ];
  const lastChange =
    facts.checkedInAt !== null && facts.checkedInAt > facts.changedAt ? facts.checkedInAt : facts.changedAt;
  return {
    uid: `reservation-${row.id}@${new URL(options.publicUrl).hostname}`,
    sequence: facts.version - 1 + (facts.checkedInAt === null ? 0 : 1),
    start: instantOf(row.date, row.startTime, timeZone),
    end: instantOf(row.date, facts.bookedEndTime, timeZone),
    stamp: options.stamp ?? lastChange,
    summary: texts.summary(row.slotName, row.garage),
    location: `${row.garage}, ${row.slotName}`,
    description: lines.join('\n'),
    cancelled: isCancelled(facts),
  };
}
