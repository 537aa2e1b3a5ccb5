import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type CalendarEvent, writeCalendar } from './calendar-event.ts';

const ZONE = 'Europe/Budapest';

// ical.js knows neither of the calendar's name properties; both are TEXT (RFC 7986 §5.1, and Apple's and
// Outlook's X-WR-CALNAME), so it unescapes them as it does SUMMARY.
Object.assign(ICAL.design.icalendar.property, {
  name: { defaultType: 'text' },
  'x-wr-calname': { defaultType: 'text' },
});

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

  /*
   * Issue 25 item 3: names, plates, slot and garage names reach the event as text or as the attendee's CN
   * parameter. Whatever they hold, a parser must find the same properties and parameters with the text as
   * written (RFC 6868 carries a quote, caret or line break in a parameter); what no standard can carry there
   * (control characters, a backslash in a parameter) is left out, never let through.
   */
  const HOSTILE = [
    'Eve":MAILTO:attacker@evil.example',
    'Eve";CN=Mallory;ROLE=CHAIR:mailto:attacker@evil.example',
    'A\r\nATTENDEE:mailto:attacker@evil.example',
    'A\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:injected',
    'A\rX-INJECTED:1',
    'semi;colon:comma,quote"caret^n^\'back\\slash',
    `${'árvíztűrő tükörfúrógép 🚗 '.repeat(12)}"end`,
  ];
  const CONTROL = 'tab\there\u0000nul\u0007bell\u001bescape\u007fdel';

  const propertyNames = (component: ICAL.Component) =>
    component.getAllProperties().map((property) => property.name);

  it.each(HOSTILE)('user-controlled text adds or changes no property or parameter: %j', (hostile) => {
    // A line break is one LF whatever the user sent; a parameter cannot hold a backslash at all.
    const read = hostile.replace(/\r\n?/g, '\n');
    const text = writeCalendar({
      timeZone: ZONE,
      method: 'REQUEST',
      name: hostile,
      events: [
        event({
          summary: `Parking: ${hostile} (${hostile})`,
          location: `${hostile}, ${hostile}`,
          description: `Type: Guest\nGuest: ${hostile}\nLicense plate: ${hostile}`,
          organizer: { name: hostile, email: 'parking@parkhere.example' },
          attendee: { name: hostile, email: 'user@parkhere.example' },
        }),
      ],
    });
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getAllSubcomponents().map((component) => component.name)).toEqual([
      'vtimezone',
      'vevent',
    ]);
    expect(propertyNames(calendar).sort()).toEqual(['method', 'name', 'prodid', 'version', 'x-wr-calname']);
    expect(calendar.getFirstPropertyValue('name')).toBe(read);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(read);
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (vevent === null) {
      throw new Error('no VEVENT');
    }
    expect(propertyNames(vevent).sort()).toEqual(
      [
        'uid',
        'sequence',
        'dtstamp',
        'dtstart',
        'dtend',
        'summary',
        'location',
        'description',
        'status',
        'organizer',
        'attendee',
      ].sort(),
    );
    expect(vevent.getFirstPropertyValue('summary')).toBe(`Parking: ${read} (${read})`);
    expect(vevent.getFirstPropertyValue('location')).toBe(`${read}, ${read}`);
    expect(vevent.getFirstPropertyValue('description')).toBe(
      `Type: Guest\nGuest: ${read}\nLicense plate: ${read}`,
    );
    const asWritten = read.replaceAll('\\', '');
    for (const [role, email] of [
      ['organizer', 'mailto:parking@parkhere.example'],
      ['attendee', 'mailto:user@parkhere.example'],
    ] as const) {
      const property = vevent.getFirstProperty(role);
      expect(String(property?.getFirstValue()).toLowerCase()).toBe(email);
      expect(property?.getParameter('cn')).toBe(asWritten);
    }
    const attendee = vevent.getFirstProperty('attendee')?.toJSON()[1];
    expect(attendee).toEqual({ role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED', rsvp: 'FALSE', cn: asWritten });
  });

  it('leaves out the control characters no iCalendar value may hold, keeping tabs', () => {
    const text = writeCalendar({
      timeZone: ZONE,
      events: [event({ summary: CONTROL, attendee: { name: CONTROL, email: 'user@parkhere.example' } })],
    });
    const controls = [...text].filter(
      (character) => /\p{Cc}/u.test(character) && !'\t\r\n'.includes(character),
    );
    expect(controls).toEqual([]);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('summary')).toBe('tab\therenulbellescapedel');
    expect(vevent?.getFirstProperty('attendee')?.getParameter('cn')).toBe('tab\therenulbellescapedel');
  });

  it('keeps text that needs escaping intact for a parser', () => {
    const summary = 'Parking: B-1; garage, "North"\\South';
    const text = writeCalendar({ timeZone: ZONE, name: 'ParkHere', events: [event({ summary })] });
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('summary')).toBe(summary);
    expect(vevent?.getFirstPropertyValue('description')).toBe('Type: Normal\nLicense plate: ABC-123');
  });
});
