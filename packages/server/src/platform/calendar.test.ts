import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  daysInterval,
  isWorkingDay,
  nextWorkingDay,
  todayIn,
  workingCalendar,
} from './calendar.ts';

const HOUR = 3_600_000;

describe('the server calendar', () => {
  it('reads today in Budapest, not in UTC', () => {
    expect(todayIn(new Date('2026-05-04T22:30:00Z'), DEFAULT_TIME_ZONE)).toBe('2026-05-05');
    expect(todayIn(new Date('2026-01-04T22:30:00Z'), DEFAULT_TIME_ZONE)).toBe('2026-01-04');
  });

  it.each([
    ['an ordinary day', '2026-05-04', '2026-05-04', 24],
    ['the spring change', '2026-03-29', '2026-03-29', 23],
    ['the autumn change', '2026-10-25', '2026-10-25', 25],
    ['a week over the spring change', '2026-03-27', '2026-04-02', 7 * 24 - 1],
  ])('covers whole days of %s', (_case, from, to, hours) => {
    const interval = daysInterval(from, to, DEFAULT_TIME_ZONE);
    expect((interval.end.getTime() - interval.start.getTime()) / HOUR).toBe(hours);
  });

  it('starts a day at local midnight', () => {
    expect(daysInterval('2026-07-01', '2026-07-01', DEFAULT_TIME_ZONE).start.toISOString()).toBe(
      '2026-06-30T22:00:00.000Z',
    );
  });

  it('re-exports the working-day calendar', () => {
    expect(isWorkingDay('2027-03-26')).toBe(false);
    expect(nextWorkingDay('2027-03-25', workingCalendar())).toBe('2027-03-30');
  });
});
