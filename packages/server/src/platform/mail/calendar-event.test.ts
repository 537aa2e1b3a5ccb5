import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type CalendarEvent, writeCalendar } from './calendar-event.ts';

const ZONE = 'Europe/Budapest';

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'reservation-7@parkhere.example',
  sequence: 3,
  start: new Date('2027-03-28T06:00:00Z'),
  end: new Date('2027-03-28T15:00:00Z'),
  stamp: new Date('2027-03-01T10:11:12Z'),
  summary: 'Parking: A-105 (HQ Garage)',
  location: 'HQ Garage, A-105',
  description: 'Type: Normal\nLicense plate: ABC-123',
  cancelled: false,
  ...overrides,
});

const machineZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = machineZone;
});

describe('writeCalendar', () => {
  it('writes the wall clock of the configured zone whatever zone the machine runs in, DTSTAMP in UTC', () => {
    const written = ['UTC', 'America/New_York', 'Asia/Tokyo'].map((zone) => {
      process.env.TZ = zone;
      return writeCalendar({ timeZone: ZONE, events: [event()] });
    });
    expect(new Set(written).size).toBe(1);
    const text = written[0] ?? '';
    expect(text).toContain('DTSTART;TZID=Europe/Budapest:20270328T080000\r\n');
    expect(text).toContain('DTEND;TZID=Europe/Budapest:20270328T170000\r\n');
    expect(text).toContain('DTSTAMP:20270301T101112Z\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Budapest\r\n');
    expect(text).not.toContain('METHOD:');
  });

  it('an invitation names its method, organizer and the attendee, who has accepted already', () => {
    const text = writeCalendar({
      timeZone: ZONE,
      method: 'CANCEL',
      events: [
        event({
          cancelled: true,
          organizer: { name: 'ParkHere', email: 'parking@parkhere.example' },
          attendee: { name: 'Ulrich User', email: 'user@parkhere.example' },
        }),
      ],
    });
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = calendar.getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent?.getFirstPropertyValue('sequence')).toBe(3);
    expect(String(vevent?.getFirstPropertyValue('organizer')).toLowerCase()).toBe(
      'mailto:parking@parkhere.example',
    );
    const attendee = vevent?.getFirstProperty('attendee');
    expect(String(attendee?.getFirstValue()).toLowerCase()).toBe('mailto:user@parkhere.example');
    expect(attendee?.getParameter('partstat')).toBe('ACCEPTED');
  });

  it('keeps text that needs escaping intact for a parser', () => {
    const summary = 'Parking: B-1; garage, "North"\\South';
    const text = writeCalendar({ timeZone: ZONE, name: 'ParkHere', events: [event({ summary })] });
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('summary')).toBe(summary);
    expect(vevent?.getFirstPropertyValue('description')).toBe('Type: Normal\nLicense plate: ABC-123');
  });
});
