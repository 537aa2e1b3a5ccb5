import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/*
 * iCalendar (RFC 5545) text of events, for the personal feed and the mails' invitations alike, so both say the
 * same UID and SEQUENCE of what an event is about. Times are written with the configured zone's TZID and the zone's
 * VTIMEZONE (from the IANA data the library ships), never as UTC or floating: a calendar client shows the
 * wall-clock times as booked, also on the days the clocks change.
 */

/** What an invitation asks of the recipient's calendar: add or move the event, or remove it. */
export type CalendarMethod = 'REQUEST' | 'CANCEL';

export type CalendarEvent = {
  /** Stable for what the event is about, so a client updates the event instead of adding another. */
  uid: string;
  /** Rises with every change (e.g. its record's version), so a client takes the newer one. */
  sequence: number;
  start: Date;
  end: Date;
  /** When the event last changed (the feed), or when the invitation was made (a mail). */
  stamp: Date;
  summary: string;
  location: string;
  description: string;
  cancelled: boolean;
  /** Not yet settled (a fair draw's pending request): written TENTATIVE, not CONFIRMED. */
  tentative?: boolean;
  /**
   * Who sends invitations and who receives them: clients only act on an invitation that names both. The
   * attendee has accepted already (they booked it), so no client asks them to answer.
   */
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
};

export type CalendarDocument = {
  /** The configured zone: every event's times are written in it. */
  timeZone: string;
  /** Set for an invitation (iTIP); a subscribed feed has none. */
  method?: CalendarMethod;
  /** The calendar's name a client shows for a subscribed feed. */
  name?: string;
  /** How often a subscribing client should look again. */
  refreshSeconds?: number;
  events: readonly CalendarEvent[];
};

/*
 * Names, plates, slot and garage names are users' text. No value may add or change a property or parameter,
 * whatever it holds (issue 25): line breaks become one LF (a lone CR is a line break to a parser too), and the
 * control characters no iCalendar value may hold are left out. The generator escapes text values itself.
 */
const textOf = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\p{Cc}/gu, (control) => (control === '\t' || control === '\n' ? control : ''));

/**
 * A parameter value (an organizer's or attendee's CN) per RFC 6868: `^`, a line break and `"` travel as `^^`,
 * `^n` and `^'`. RFC 5545 defines no escape there, so a backslash is left out (the generator would double it).
 */
const parameterOf = (text: string): string =>
  textOf(text)
    .replaceAll('\\', '')
    .replace(/[\^\n"]/g, (character) => PARAMETER_ESCAPES[character] ?? '');
const PARAMETER_ESCAPES: Record<string, string> = { '^': '^^', '\n': '^n', '"': "^'" };

/** The calendar's name goes out as the generator has it, so it is escaped as TEXT here. */
const escapedText = (text: string): string =>
  textOf(text)
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replaceAll('\n', '\\n');

const personOf = (person: { name: string; email: string }) => ({ ...person, name: parameterOf(person.name) });

const METHODS: Record<CalendarMethod, ICalCalendarMethod> = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
};

const statusOf = (event: CalendarEvent): ICalEventStatus => {
  if (event.cancelled) {
    return ICalEventStatus.CANCELLED;
  }
  return event.tentative === true ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;
};

/** The iCalendar text of the document (CRLF lines, folded as the standard wants). */
export function writeCalendar(document: CalendarDocument): string {
  const calendar = ical({
    prodId: { company: 'ParkHere', product: 'ParkHere', language: 'EN' },
    ...(document.method === undefined ? {} : { method: METHODS[document.method] }),
    ...(document.name === undefined ? {} : { name: escapedText(document.name) }),
    ...(document.refreshSeconds === undefined ? {} : { ttl: document.refreshSeconds }),
  });
  // No calendar-wide zone: DTSTAMP stays UTC as the standard wants; the generator writes one VTIMEZONE per
  // zone the events name.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const zoned = (at: Date) => new TZDate(at.getTime(), document.timeZone);
  for (const event of document.events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      start: zoned(event.start),
      end: zoned(event.end),
      timezone: document.timeZone,
      stamp: event.stamp,
      summary: textOf(event.summary),
      location: textOf(event.location),
      description: textOf(event.description),
      status: statusOf(event),
      ...(event.organizer === undefined ? {} : { organizer: personOf(event.organizer) }),
      ...(event.attendee === undefined
        ? {}
        : {
            attendees: [{ ...personOf(event.attendee), rsvp: false, status: ICalAttendeeStatus.ACCEPTED }],
          }),
    });
  }
  return calendar.toString();
}
