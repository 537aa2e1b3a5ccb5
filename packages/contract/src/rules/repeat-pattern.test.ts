import { describe, expect, it } from 'vitest';
import { parseRepeatWeekdays, patternDates, weekdayCodeOf } from './repeat-pattern.ts';

describe('weekly patterns', () => {
  it.each([
    ['TU,TH', ['TU', 'TH']],
    [' mo , fr ', ['MO', 'FR']],
    ['', 'MISSING_REQUIRED_ATTRIBUTE'],
    [null, 'MISSING_REQUIRED_ATTRIBUTE'],
    [',,', 'MISSING_REQUIRED_ATTRIBUTE'],
    ['TU,XX', 'UNKNOWN_WEEKDAY'],
    ['TUE', 'UNKNOWN_WEEKDAY'],
    ['TU,tu', 'DUPLICATE_WEEKDAY'],
  ])('reads %j as %j', (text, expected) => {
    expect(parseRepeatWeekdays(text)).toEqual(expected);
  });

  it('names the weekday of a date', () => {
    expect(['2026-12-14', '2026-12-20'].map(weekdayCodeOf)).toEqual(['MO', 'SU']);
  });

  it('lists the dates on the weekdays from the first to the last, both included', () => {
    expect(patternDates('2026-12-15', '2026-12-24', ['TH', 'TU'])).toEqual([
      '2026-12-15',
      '2026-12-17',
      '2026-12-22',
      '2026-12-24',
    ]);
    expect(patternDates('2026-12-16', '2026-12-15', ['WE'])).toEqual([]);
  });
});
