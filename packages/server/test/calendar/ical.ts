import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { CapturedMail } from '../jobs/inspect.ts';

/*
 * Reads iCalendar text with Mozilla's parser (ical.js), as a calendar client would: the zone of the times is
 * the VTIMEZONE the document itself carries (registered fresh for each document), so the instants prove it.
 */

export type ParsedEvent = {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  location: string;
  description: string;
  /** The TZID the DTSTART and DTEND name. */
  startZone: string | null;
  endZone: string | null;
  /** The wall clock written, as `YYYY-MM-DDTHH:mm:ss`. */
  startLocal: string;
  endLocal: string;
  /** The instants, as ISO in UTC. */
  start: string;
  end: string;
  stamp: string;
  organizer: string | null;
  attendee: string | null;
};

export type ParsedCalendar = {
  method: string | null;
  /** The TZIDs of the VTIMEZONE components. */
  timeZones: string[];
  events: ParsedEvent[];
};

const text = (component: ICAL.Component, name: string): string | null => {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? null : String(value);
};

/** A calendar address with its scheme in one case (`MAILTO:` and `mailto:` are the same). */
const address = (value: string | null) => value?.replace(/^mailto:/i, 'mailto:') ?? null;

export function parseCalendar(source: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(source));
  ICAL.TimezoneService.reset();
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) {
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar.getAllSubcomponents('vevent').map((component): ParsedEvent => {
    const event = new ICAL.Event(component);
    const stamp = component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: text(component, 'status'),
      summary: event.summary,
      location: event.location,
      description: event.description,
      startZone: component.getFirstProperty('dtstart')?.getParameter('tzid')?.toString() ?? null,
      endZone: component.getFirstProperty('dtend')?.getParameter('tzid')?.toString() ?? null,
      startLocal: event.startDate.toString(),
      endLocal: event.endDate.toString(),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      stamp: stamp.toJSDate().toISOString(),
      organizer: address(text(component, 'organizer')),
      attendee: address(text(component, 'attendee')),
    };
  });
  return {
    method: text(calendar, 'method'),
    timeZones: zones.map((zone) => text(zone, 'tzid') ?? ''),
    events,
  };
}

const decode = (content: ArrayBuffer | Uint8Array | string) =>
  typeof content === 'string' ? content : new TextDecoder().decode(content);

/** The mail's invitation as its invite.ics attachment, parsed; and the text/calendar alternative beside it. */
export function invitationOf(mail: CapturedMail | undefined): ParsedCalendar {
  const attachments = mail?.attachments ?? [];
  const file = attachments.find((attachment) => attachment.filename === 'invite.ics');
  const alternative = attachments.find((attachment) => attachment.mimeType === 'text/calendar');
  expect(file).toBeDefined();
  expect(alternative).toBeDefined();
  const text = decode(file?.content ?? '');
  // The part Outlook and Gmail act on says the same.
  expect(decode(alternative?.content ?? '')).toBe(text);
  return parseCalendar(text);
}
