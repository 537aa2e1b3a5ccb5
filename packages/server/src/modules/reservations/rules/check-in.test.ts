import { describe, expect, it } from 'vitest';
import {
  type CheckInSettings,
  type CheckInSubject,
  checkCheckIn,
  checkInWindow,
  isNoShow,
} from './check-in.ts';
import { at, described } from './rule-fixtures.ts';

// The SQL twins run the same cases in rule-forms.int.test.ts.

const required: CheckInSettings = { required: true, graceMinutes: 30, earlyMinutes: 15 };
const day = '2026-05-05';
const reservation = (overrides: Partial<CheckInSubject> = {}): CheckInSubject => ({
  status: 'ACTIVE',
  start: at(day, '09:00:00'),
  end: at(day, '17:00:00'),
  checkedInAt: null,
  ...overrides,
});

describe('the check-in window', () => {
  it('opens earlyMinutes before the start and closes graceMinutes after it', () => {
    expect(checkInWindow(reservation(), required)).toEqual({
      opensAt: at(day, '08:45:00'),
      closesAt: at(day, '09:30:00'),
    });
  });

  it('closes at the end at the latest', () => {
    const short = reservation({ end: at(day, '09:10:00') });
    expect(checkInWindow(short, required).closesAt).toEqual(at(day, '09:10:00'));
  });

  it('is the start itself with no early and no grace minutes', () => {
    expect(checkInWindow(reservation(), { required: true, graceMinutes: 0, earlyMinutes: 0 })).toEqual({
      opensAt: at(day, '09:00:00'),
      closesAt: at(day, '09:00:00'),
    });
  });
});

describe('checkCheckIn', () => {
  it.each([
    ['a minute before it opens', '08:44:00', ['422:CHECK_IN_NOT_OPEN_YET']],
    ['as it opens', '08:45:00', []],
    ['at the start', '09:00:00', []],
    ['the last second', '09:29:59', []],
    ['as it closes', '09:30:00', ['422:CHECK_IN_CLOSED']],
    ['after it closed', '12:00:00', ['422:CHECK_IN_CLOSED']],
  ])('%s (%s) → %o', (_case, time, expected) => {
    expect(described(checkCheckIn(reservation(), required, at(day, time)))).toEqual(expected);
  });

  it('refuses a reservation of a garage that requires none, whenever', () => {
    const none = { ...required, required: false };
    expect(described(checkCheckIn(reservation(), none, at(day, '09:00:00')))).toEqual([
      '422:CHECK_IN_NOT_REQUIRED',
    ]);
  });

  it.each(['DELETED', 'EXPIRED', 'NO_SHOW'] as const)('refuses a %s reservation as closed', (status) => {
    expect(described(checkCheckIn(reservation({ status }), required, at(day, '09:00:00')))).toEqual([
      '422:CHECK_IN_CLOSED',
    ]);
  });

  it('accepts a repeated check-in, even after the window', () => {
    const checkedIn = reservation({ checkedInAt: at(day, '08:50:00') });
    expect(checkCheckIn(checkedIn, required, at(day, '09:10:00'))).toEqual([]);
    expect(checkCheckIn(checkedIn, required, at(day, '16:00:00'))).toEqual([]);
  });
});

describe('isNoShow', () => {
  it.each([
    ['before the window closes', reservation(), required, '09:29:59', false],
    ['as it closes', reservation(), required, '09:30:00', true],
    ['checked in', reservation({ checkedInAt: at(day, '09:00:00') }), required, '10:00:00', false],
    ['deleted', reservation({ status: 'DELETED' }), required, '10:00:00', false],
    ['without check-in', reservation(), { ...required, required: false }, '10:00:00', false],
    [
      'shorter than the grace, at its end',
      reservation({ end: at(day, '09:10:00') }),
      required,
      '09:10:00',
      true,
    ],
  ])('%s → %s', (_case, subject, settings, time, expected) => {
    expect(isNoShow(subject, settings, at(day, time))).toBe(expected);
  });
});
