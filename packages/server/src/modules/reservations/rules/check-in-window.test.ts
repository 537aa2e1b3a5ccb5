import { describe, expect, it } from 'vitest';
import { at, checkInDay, checkInRequired, checkInSubject } from '../../../../test/rule-fixtures.ts';
import { checkInWindow, isNoShow } from './check-in-window.ts';

// The SQL twins run the same cases in rule-forms.int.test.ts.

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
