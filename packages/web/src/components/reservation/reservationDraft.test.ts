import { workingCalendar } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import {
  dateIssue,
  draftForUser,
  type FormUser,
  holidayOfDraft,
  horizonOfTemplate,
  isSlotRangeAskable,
  type ReservationDraft,
  reservationInputBody,
  seriesEndIssue,
  takenPreferredSlot,
  withDate,
  withEndDate,
  withoutGuest,
  withStartTime,
  withType,
} from './reservationDraft.ts';

const user: FormUser = {
  __signedIdentifier: 'signed-user',
  __entityType: 'UserForInput',
  isNormalReservation: true,
  isQuickReservation: false,
  isGuestReservation: true,
  isLongReservation: false,
  startOfWorkingTime: '09:00:00',
  endOfWorkingTime: '17:00:00',
};
// Tuesday 2026-11-24, 08:41 in Budapest.
const now = { date: '2026-11-24', time: '08:41:30' };
const context = { isAdmin: false, now, calendar: workingCalendar() };

describe('reservation form transitions', () => {
  it('starts a user on their first allowed type, today, with the default times', () => {
    const draft = draftForUser(user, context);
    expect(draft.reservationType).toBe('NORMAL');
    expect(draft.date).toBe('2026-11-24');
    expect(draft.startTime).toBe('08:44:00');
    expect(draft.endTime).toBe('17:00:00');
  });

  it('starts a quick user before noon at 12:00, which the noon rule accepts, also when today is chosen again', () => {
    const quick = {
      ...user,
      isNormalReservation: false,
      isGuestReservation: false,
      isQuickReservation: true,
    };
    const draft = draftForUser(quick, context);
    expect([draft.reservationType, draft.date, draft.startTime, draft.endTime]).toEqual([
      'QUICK',
      '2026-11-24',
      '12:00:00',
      '17:00:00',
    ]);
    const back = withDate(withDate(draft, '2026-11-25', now), '2026-11-24', now);
    expect(back.startTime).toBe('12:00:00');
  });

  it('opens on the next working day with working hours once today’s working time is over', () => {
    const evening = { ...context, now: { date: '2026-11-24', time: '21:09:00' } };
    const draft = draftForUser(user, evening);
    expect([draft.date, draft.startTime, draft.endTime]).toEqual(['2026-11-25', '09:00:00', '17:00:00']);
  });

  it('clears the guest after a GUEST booking', () => {
    const guest = {
      ...withType(draftForUser(user, context), 'GUEST'),
      guestName: 'Greta',
      guestEmail: 'greta@example.com',
      guestLicensePlate: 'ABC-123',
      instantNotificateTheDoorman: true,
    };
    expect(withoutGuest(guest)).toMatchObject({
      reservationType: 'GUEST',
      guestName: '',
      guestEmail: '',
      guestLicensePlate: '',
      instantNotificateTheDoorman: false,
      date: guest.date,
    });
  });

  it('takes working hours on another day', () => {
    const draft = withDate(draftForUser(user, context), '2026-11-25', now);
    expect([draft.startTime, draft.endTime]).toEqual(['09:00:00', '17:00:00']);
  });

  it('moves a LONG end date before the date to the date', () => {
    const long = withType(withDate(draftForUser(user, context), '2026-11-26', now), 'LONG');
    expect(long.endDate).toBe('2026-11-26');
    expect(withEndDate(long, '2026-11-25').endDate).toBe('2026-11-26');
    expect(withEndDate(long, '2026-11-30').endDate).toBe('2026-11-30');
  });

  it('moves the end when the start passes it', () => {
    const draft = withStartTime(draftForUser(user, context), '18:10:00');
    expect(draft.endTime).toBe('21:00:00');
  });

  it('sends relations as references and drops the fields the type hides', () => {
    const draft = {
      ...draftForUser(user, context),
      guestName: 'Guest',
      car: { __signedIdentifier: 'signed-car', licensePlate: 'AAA-111' },
    };
    const body = reservationInputBody(draft, context);
    expect(body.user).toEqual({ __signedIdentifier: 'signed-user', __entityType: 'UserForInput' });
    expect(body.car).toEqual({ __signedIdentifier: 'signed-car' });
    expect(body.guestName).toBeNull();
    expect(body.endDate).toBeNull();
    expect(body.isNotAdmin).toBe(true);
    const guest = reservationInputBody(
      { ...withType(draft, 'GUEST'), guestLicensePlate: ' abc-123 ' },
      context,
    );
    expect(guest.car).toBeNull();
    expect(guest.guestName).toBe('Guest');
    expect(guest.guestLicensePlate).toBe('abc-123');
  });
});

describe('a LONG draft while its dates are typed', () => {
  const longUser: FormUser = { ...user, isLongReservation: true };
  const series = (date: string, endDate: string | null): ReservationDraft => ({
    ...withType(withDate(draftForUser(longUser, context), date, now), 'LONG'),
    endDate,
  });

  // Each year below is what the picker reports after one more digit of "2026" or "2027" (today is 2026-11-24).
  it.each([
    ['a date year at its first digits', series('0002-11-26', '2026-11-30'), false],
    ['a date year at three digits', series('0202-11-26', '2026-11-30'), false],
    ['the date typed, in the future', series('2026-11-26', '2026-11-30'), true],
    ['today', series('2026-11-24', '2026-11-24'), true],
    ['an end year at its first digits', series('2026-11-26', '0020-11-30'), false],
    ['an end 366 days after the date', series('2026-11-26', '2027-11-27'), true],
    ['an end 367 days after the date', series('2026-11-26', '2027-11-28'), false],
    ['an end a century ahead', series('2026-11-26', '2126-11-30'), false],
    ['no end date yet', series('2026-11-26', null), true],
  ])('asks for the free slots with %s: %s', (_case, draft, expected) => {
    expect(isSlotRangeAskable(draft, now.date)).toBe(expected);
  });

  it('asks for a one-day type on any date from today', () => {
    const normal = withDate(draftForUser(user, context), '2026-12-01', now);
    expect(isSlotRangeAskable(normal, now.date)).toBe(true);
    expect(isSlotRangeAskable({ ...normal, date: '0202-12-01' }, now.date)).toBe(false);
    expect(isSlotRangeAskable({ ...normal, endTime: null }, now.date)).toBe(false);
  });

  it.each([
    ['an end 366 days after the date', series('2026-11-26', '2027-11-27'), null],
    ['an end 367 days after the date', series('2026-11-26', '2027-11-28'), 'SERIES_TOO_LONG'],
    ['an end a century ahead', series('2026-11-26', '2126-11-30'), 'SERIES_TOO_LONG'],
    // The date in the past is the date field's error; the end is measured from today, as the server does.
    ['a past date, an end within a year of today', series('1926-11-26', '2026-11-30'), null],
    ['a past date, an end beyond a year from today', series('1926-11-26', '2027-11-26'), 'SERIES_TOO_LONG'],
  ] as const)('marks the end date of %s: %s', (_case, draft, expected) => {
    expect(seriesEndIssue(draft, now.date)).toBe(expected);
  });

  it('leaves the end date of other types alone', () => {
    expect(
      seriesEndIssue({ ...series('2026-11-26', '2126-11-30'), reservationType: 'NORMAL' }, now.date),
    ).toBe(null);
  });
});

describe('the horizon of the template', () => {
  it('takes a day count and ignores anything else', () => {
    expect(horizonOfTemplate({ maxDaysInAdvance: 30 })).toBe(30);
    expect(horizonOfTemplate({ maxDaysInAdvance: 0 })).toBe(0);
    expect(horizonOfTemplate({ maxDaysInAdvance: '30' })).toBeUndefined();
    expect(horizonOfTemplate({ maxDaysInAdvance: -1 })).toBeUndefined();
    expect(horizonOfTemplate({})).toBeUndefined();
    expect(horizonOfTemplate(null)).toBeUndefined();
  });
});

describe('why the form cannot use a typed date or the preferred slot', () => {
  const bounds = { min: '2026-11-24', max: '2026-12-08' };
  const weekday = (date: string) => workingCalendar().isWorkingDay(date);

  it.each([
    ['2026-11-23', 'DATE_IN_THE_PAST'],
    ['2026-12-09', 'DATE_TOO_FAR_AHEAD'],
    ['2026-11-28', 'NOT_A_WORKING_DAY'],
    ['2026-11-25', null],
  ])('%s → %s', (date, issue) => {
    expect(dateIssue(date, bounds, weekday)).toBe(issue);
  });

  it('names the preferred slot when the free slots leave it out and none is chosen', () => {
    const draft = {
      ...draftForUser({ ...user, preferredParkingSlot: { aggregaredName: 'A-201' } }, context),
    };
    const other = { __signedIdentifier: 'signed-b', aggregaredName: 'B-101' };
    const preferred = { __signedIdentifier: 'signed-a', aggregaredName: 'A-201' };
    expect(takenPreferredSlot(draft, [other])).toBe('A-201');
    expect(takenPreferredSlot(draft, [other, preferred])).toBeNull();
    expect(takenPreferredSlot({ ...draft, parkingSlot: other }, [other])).toBeNull();
    // No slot at all: the waitlist offer says so.
    expect(takenPreferredSlot(draft, [])).toBeNull();
    expect(takenPreferredSlot(draft, null)).toBeNull();
  });
});

describe('a booking on a day off', () => {
  const holiday = { startDate: '2026-11-26', endDate: '2026-11-27' };

  it('finds the holiday a day or a series falls into', () => {
    const on = withDate(draftForUser(user, context), '2026-11-27', now);
    expect(holidayOfDraft(on, [holiday], now.date)).toBe(holiday);
    const before = withDate(draftForUser(user, context), '2026-11-25', now);
    expect(holidayOfDraft(before, [holiday], now.date)).toBeNull();
    const series = withEndDate(withType(before, 'LONG'), '2026-11-30');
    expect(holidayOfDraft(series, [holiday], now.date)).toBe(holiday);
  });

  it('asks nothing for a series too long to be booked, which Reserve only gets refused', () => {
    const first = withType(withDate(draftForUser(user, context), '2026-11-25', now), 'LONG');
    expect(holidayOfDraft(withEndDate(first, '2126-11-25'), [holiday], now.date)).toBeNull();
    expect(holidayOfDraft(withEndDate(first, '2027-11-25'), [holiday], now.date)).toBe(holiday);
  });
});
