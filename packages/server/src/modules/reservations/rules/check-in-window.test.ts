import { describe, expect, it } from 'vitest';
import {
  at,
  checkInCases,
  checkInDay,
  checkInRequired,
  checkInSubject,
} from '../../../../test/rule-fixtures.ts';
import { checkInWindow, isNoShow } from './check-in-window.ts';

// The SQL twins run the same cases (checkInCases) in rule-forms.int.test.ts.

const required = checkInRequired;
const day = checkInDay;
const reservation = checkInSubject;

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

describe('isNoShow', () => {
  it.each(checkInCases)('%s', (_case, subject, settings, time, expected) => {
    expect(isNoShow(subject, settings, at(day, time))).toBe(expected.isNoShow);
  });
});
