import { workingCalendar } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { draftIntervals } from './free-slots.ts';

const calendar = workingCalendar();
const ZONE = 'Europe/Budapest';
// A Friday.
const TODAY = '2026-11-20';

const long = (date: string, endDate: string) => ({
  reservationType: 'LONG',
  date,
  endDate,
  startTime: '18:00:00',
  endTime: '19:00:00',
});

describe('draftIntervals', () => {
  it('asks a LONG draft for each working day of its span', () => {
    const intervals = draftIntervals(long('2026-11-20', '2026-11-24'), calendar, ZONE, TODAY);
    expect(intervals?.map((interval) => interval.date)).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
    expect(intervals?.[0]?.start.toISOString()).toBe('2026-11-20T17:00:00.000Z');
  });

  it('does not expand a draft that starts before today, such as a year half typed', () => {
    const started = performance.now();
    for (const year of ['0002', '0020', '0202', '2025']) {
      expect(draftIntervals(long(`${year}-11-24`, '2026-11-30'), calendar, ZONE, TODAY)).toBeNull();
    }
    // Expanding 0002-11-24 to 2026-11-30 alone took minutes on the server.
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('still asks for today', () => {
    expect(
      draftIntervals({ ...long(TODAY, TODAY), reservationType: 'NORMAL' }, calendar, ZONE, TODAY),
    ).toHaveLength(1);
  });
});
