import { describe, expect, it } from 'vitest';
import {
  allowedReservationTypes,
  correctedEndDate,
  defaultCar,
  defaultEndTime,
  defaultStartTime,
  firstAllowedReservationType,
  halfHourWarningMinutes,
  isLongSeriesEndInBounds,
  isNextToWallWarningShown,
  isReservationTypePickerHidden,
  longSeriesEndDateMax,
  longSeriesMeasuredFrom,
  minReservationTime,
  preferredSlotIfOffered,
  type ReservationTypeFlags,
  reservationDateBounds,
  reservationFieldVisibility,
} from './reservation-form.ts';

const flags = (...allowed: string[]): ReservationTypeFlags => ({
  isNormalReservation: allowed.includes('NORMAL'),
  isQuickReservation: allowed.includes('QUICK'),
  isGuestReservation: allowed.includes('GUEST'),
  isLongReservation: allowed.includes('LONG'),
});

const now = (time: string, date = '2026-05-04') => ({ date, time });

describe('reservation type picker', () => {
  it.each([
    [flags('NORMAL', 'GUEST', 'LONG'), 'NORMAL', false],
    [flags('GUEST', 'LONG'), 'LONG', false],
    [flags('QUICK', 'LONG'), 'LONG', false],
    [flags('NORMAL', 'GUEST', 'QUICK'), 'NORMAL', false],
    [flags('QUICK', 'GUEST'), 'QUICK', false],
    [flags('GUEST'), 'GUEST', true],
    [flags('QUICK'), 'QUICK', true],
    [flags(), null, true],
  ])('with %o selects %s first and hides the picker: %s', (userFlags, first, hidden) => {
    expect(firstAllowedReservationType(userFlags)).toBe(first);
    expect(isReservationTypePickerHidden(userFlags)).toBe(hidden);
  });

  it('offers the allowed types in the order long, normal, quick, guest', () => {
    expect(allowedReservationTypes(flags('GUEST', 'QUICK', 'NORMAL', 'LONG'))).toEqual([
      'LONG',
      'NORMAL',
      'QUICK',
      'GUEST',
    ]);
  });

  it('treats a missing flag as not allowed', () => {
    expect(
      allowedReservationTypes({
        isNormalReservation: null,
        isQuickReservation: undefined,
        isGuestReservation: true,
        isLongReservation: false,
      }),
    ).toEqual(['GUEST']);
  });

  it.each([
    ['GUEST', true, { guestFields: true, endDate: false, reminder: true }],
    ['LONG', true, { guestFields: false, endDate: true, reminder: false }],
    ['NORMAL', true, { guestFields: false, endDate: false, reminder: true }],
    ['QUICK', false, { guestFields: false, endDate: false, reminder: false }],
  ] as const)('shows for %s (notification %s) %o', (type, sendNotification, visibility) => {
    expect(reservationFieldVisibility(type, sendNotification)).toEqual(visibility);
  });
});

describe('default car and slot', () => {
  const car = (plate: string, isFavorite = false, isArchived = false) => ({ plate, isFavorite, isArchived });

  it.each([
    ['the favourite car', [car('A'), car('B', true)], 'B'],
    ['the only non-archived car', [car('A', false, true), car('B')], 'B'],
    ['none when several and no favourite', [car('A'), car('B')], null],
    ['never an archived favourite', [car('A', true, true), car('B'), car('C')], null],
    ['none without cars', [], null],
  ])('offers %s', (_case, cars, plate) => {
    expect(defaultCar(cars)?.plate ?? null).toBe(plate);
  });

  it('keeps the preferred slot only while it is offered by aggregaredName', () => {
    const offered = [{ aggregaredName: 'A1 / 1 (North)' }, { aggregaredName: 'A2 / 1 (North)' }];
    expect(preferredSlotIfOffered({ aggregaredName: 'A2 / 1 (North)' }, offered)).toBe(offered[1]);
    expect(preferredSlotIfOffered({ aggregaredName: 'B7 / 2 (South)' }, offered)).toBeNull();
    expect(preferredSlotIfOffered(null, offered)).toBeNull();
  });

  it('warns about a slot next to a wall', () => {
    expect(isNextToWallWarningShown({ nextToWall: true })).toBe(true);
    expect(isNextToWallWarningShown({ nextToWall: false })).toBe(false);
    expect(isNextToWallWarningShown(null)).toBe(false);
  });
});

describe('default times', () => {
  it.each([
    ['today: now floored to the minute plus 3 minutes', '2026-05-04', now('10:17:45'), '10:20:00'],
    ['today near midnight: clamped to 23:59', '2026-05-04', now('23:58:10'), '23:59:00'],
    ['another day: the start of working time', '2026-05-05', now('10:17:45'), '08:30:00'],
  ])('start %s', (_case, date, wallClock, expected) => {
    expect(defaultStartTime(date, wallClock, '08:30:00')).toBe(expected);
  });

  it.each([
    ['the end of working time', '10:20:00', '17:00:00'],
    ['start hour plus 3 hours when the start is beyond it', '17:40:00', '20:00:00'],
    ['start hour plus 3 hours when the start is exactly at it', '17:00:00', '20:00:00'],
    ['clamped to 23:59 late at night', '22:10:00', '23:59:00'],
  ])('end is %s', (_case, start, expected) => {
    expect(defaultEndTime(start, '17:00:00')).toBe(expected);
  });
});

describe('date and time bounds', () => {
  it.each([
    ['QUICK', false, '2026-05-05'],
    ['NORMAL', false, '2026-05-18'],
    ['GUEST', false, '2026-05-18'],
    ['LONG', false, null],
    ['QUICK', true, null],
    ['NORMAL', true, null],
  ] as const)('%s (admin %s) goes at most to %s', (type, isAdmin, max) => {
    expect(reservationDateBounds({ type, isAdmin, now: now('10:00:00') })).toEqual({
      min: '2026-05-04',
      max,
      endDateMin: '2026-05-04',
    });
  });

  it('takes the horizon from the configuration', () => {
    expect(
      reservationDateBounds({ type: 'NORMAL', isAdmin: false, now: now('10:00:00'), horizonDays: 7 }).max,
    ).toBe('2026-05-11');
  });

  it.each([
    ['a user QUICK at 11:59', 'QUICK', false, '11:59:30', '12:00:00'],
    ['a user QUICK at 12:00', 'QUICK', false, '12:00:00', '12:00:00'],
    ['a user QUICK at 12:01', 'QUICK', false, '12:01:59', '12:01:00'],
    ['an admin QUICK at 11:59', 'QUICK', true, '11:59:30', '11:59:00'],
    ['a user NORMAL at 09:15', 'NORMAL', false, '09:15:20', '09:15:00'],
  ] as const)('today starts for %s no earlier than %s', (_case, type, isAdmin, time, min) => {
    expect(minReservationTime('2026-05-04', { type, isAdmin, now: now(time) })).toBe(min);
  });

  it('has no minimum time on another day, not even for QUICK tomorrow', () => {
    expect(
      minReservationTime('2026-05-05', { type: 'QUICK', isAdmin: false, now: now('09:00:00') }),
    ).toBeNull();
  });
});

describe('half-hour warning', () => {
  it.each([
    ['10:10:00', '10:15:00', 'NORMAL', '2026-05-04', 20],
    ['10:00:00', '10:30:00', 'QUICK', '2026-05-04', 30],
    ['10:29:59', '10:40:00', 'GUEST', '2026-05-04', 1],
    ['10:30:00', '10:45:00', 'NORMAL', '2026-05-04', 30],
    ['10:47:00', '10:50:00', 'NORMAL', '2026-05-04', 13],
    ['10:47:00', '11:00:00', 'NORMAL', '2026-05-04', null],
    ['10:47:00', '10:50:00', 'LONG', '2026-05-04', null],
    ['10:47:00', '10:50:00', 'NORMAL', '2026-05-05', null],
  ] as const)('at %s starting %s (%s, %s) gives %s', (time, start, type, date, minutes) => {
    expect(halfHourWarningMinutes(date, start, type, now(time))).toBe(minutes);
  });
});

describe('LONG end date correction', () => {
  it.each([
    ['LONG', '2026-05-04', '2026-05-01', '2026-05-04'],
    ['LONG', '2026-05-04', null, '2026-05-04'],
    ['LONG', '2026-05-04', '2026-05-08', '2026-05-08'],
    ['NORMAL', '2026-05-04', '2026-05-01', '2026-05-01'],
  ] as const)('%s from %s with end date %s ends %s', (type, date, endDate, expected) => {
    expect(correctedEndDate(type, date, endDate)).toBe(expected);
  });
});

describe('LONG series length', () => {
  it.each([
    ['2026-05-04', '2026-05-04', true],
    ['2026-05-04', '2027-05-05', true],
    ['2026-05-04', '2027-05-06', false],
    // 2028 is a leap year: 366 days after 2027-05-04 is 2028-05-04.
    ['2027-05-04', '2028-05-04', true],
    ['2027-05-04', '2028-05-05', false],
    ['2026-05-04', '2126-05-04', false],
    ['9999-01-01', '9999-12-31', true],
  ] as const)('from %s an end on %s is within the bound: %s', (date, endDate, expected) => {
    expect(isLongSeriesEndInBounds(date, endDate)).toBe(expected);
  });

  it('names the last end date allowed', () => {
    expect(longSeriesEndDateMax('2026-05-04')).toBe('2027-05-05');
    expect(isLongSeriesEndInBounds('2026-05-04', longSeriesEndDateMax('2026-05-04'))).toBe(true);
  });

  it('is measured from today for a date already past', () => {
    expect(longSeriesMeasuredFrom('1926-05-04', '2026-05-04')).toBe('2026-05-04');
    expect(longSeriesMeasuredFrom('2026-05-06', '2026-05-04')).toBe('2026-05-06');
  });
});
