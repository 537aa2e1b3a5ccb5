import { describe, expect, it } from 'vitest';
import { at, checkInDay, checkInRequired, checkInSubject, described } from '../../../test/rule-fixtures.ts';
import { checkCheckIn } from './check-in-rules.ts';

// Whether a check-in is open runs through the SQL twin too, in rule-forms.int.test.ts.

const required = checkInRequired;
const day = checkInDay;
const reservation = checkInSubject;

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
