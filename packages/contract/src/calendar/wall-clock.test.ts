import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, instantOf, intervalOf, intervalsOverlap, wallClockAt } from './wall-clock.ts';

const zone = DEFAULT_TIME_ZONE;
const HOUR = 3_600_000;

describe('wall clock to instant in Budapest', () => {
  it.each([
    ['winter', '2026-01-15', '10:00:00', '2026-01-15T09:00:00.000Z'],
    ['summer', '2026-07-01', '10:00:00', '2026-07-01T08:00:00.000Z'],
    ['midnight', '2026-01-01', '00:00:00', '2025-12-31T23:00:00.000Z'],
    ['spring change, last minute of winter time', '2025-03-30', '01:59:00', '2025-03-30T00:59:00.000Z'],
    [
      'spring change, inside the gap: moved forward an hour',
      '2025-03-30',
      '02:30:00',
      '2025-03-30T01:30:00.000Z',
    ],
    ['spring change, the gap start: 03:00 summer time', '2025-03-30', '02:00:00', '2025-03-30T01:00:00.000Z'],
    ['spring change, first summer-time hour', '2025-03-30', '03:00:00', '2025-03-30T01:00:00.000Z'],
    ['autumn change, before the overlap', '2025-10-26', '01:59:00', '2025-10-25T23:59:00.000Z'],
    ['autumn change, ambiguous: the second occurrence', '2025-10-26', '02:30:00', '2025-10-26T01:30:00.000Z'],
    ['autumn change, after the overlap', '2025-10-26', '03:00:00', '2025-10-26T02:00:00.000Z'],
    ['spring change 2026', '2026-03-29', '02:15:00', '2026-03-29T01:15:00.000Z'],
    ['autumn change 2026, ambiguous', '2026-10-25', '02:15:00', '2026-10-25T01:15:00.000Z'],
  ])('%s: %s %s is %s', (_case, date, time, iso) => {
    expect(instantOf(date, time, zone).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-01-15T09:00:00Z', { date: '2026-01-15', time: '10:00:00' }],
    ['2025-10-26T00:30:00Z', { date: '2025-10-26', time: '02:30:00' }],
    ['2025-10-26T01:30:00Z', { date: '2025-10-26', time: '02:30:00' }],
    ['2025-03-30T01:00:00Z', { date: '2025-03-30', time: '03:00:00' }],
    ['2026-12-31T23:30:00Z', { date: '2027-01-01', time: '00:30:00' }],
  ])('reads %s as %o', (iso, wallClock) => {
    expect(wallClockAt(new Date(iso), zone)).toEqual(wallClock);
  });

  it('measures the real length of a day with a DST change', () => {
    const spring = intervalOf('2025-03-30', '01:00:00', '04:00:00', zone);
    const autumn = intervalOf('2025-10-26', '01:00:00', '04:00:00', zone);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(2 * HOUR);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(4 * HOUR);
  });

  it('refuses an unknown time zone', () => {
    expect(() => instantOf('2026-01-15', '10:00:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('half-open intervals', () => {
  const at = (start: string, end: string) => intervalOf('2026-05-04', start, end, zone);

  it.each([
    ['back to back', at('08:00:00', '10:00:00'), at('10:00:00', '12:00:00'), false],
    ['back to back, the other way round', at('10:00:00', '12:00:00'), at('08:00:00', '10:00:00'), false],
    ['one minute of overlap', at('08:00:00', '10:01:00'), at('10:00:00', '12:00:00'), true],
    ['contained', at('08:00:00', '12:00:00'), at('09:00:00', '10:00:00'), true],
    ['apart', at('08:00:00', '09:00:00'), at('10:00:00', '11:00:00'), false],
  ])('%s: overlap %s', (_case, left, right, expected) => {
    expect(intervalsOverlap(left, right)).toBe(expected);
  });
});
