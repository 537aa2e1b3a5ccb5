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

/** The working-day calendar, counting the days it is asked about. */
const countingCalendar = () => {
  const counting = {
    lookups: 0,
    isWorkingDay: (date: string) => {
      counting.lookups += 1;
      return calendar.isWorkingDay(date);
    },
  };
  return counting;
};

describe('draftIntervals', () => {
  it('asks a LONG draft for each working day of its span', () => {
    const intervals = draftIntervals(long('2026-11-20', '2026-11-24'), calendar, ZONE, TODAY);
    expect(intervals?.map((interval) => interval.date)).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
    expect(intervals?.[0]?.start.toISOString()).toBe('2026-11-20T17:00:00.000Z');
  });

  it('does not expand a draft that starts before today, such as a year half typed', () => {
    // Expanding 0002-11-24 to 2026-11-30 alone took minutes on the server: no day may be looked at.
    const counting = countingCalendar();
    for (const year of ['0002', '0020', '0202', '2025']) {
      expect(draftIntervals(long(`${year}-11-24`, '2026-11-30'), counting, ZONE, TODAY)).toBeNull();
    }
    expect(counting.lookups).toBe(0);
  });

  it('answers a LONG draft ending beyond 366 days like an incomplete one, without listing its days', () => {
    const counting = countingCalendar();
    // A year past the bound, a century ahead or the last one a date can have.
    for (const endDate of ['2027-11-23', '2126-11-20', '9999-12-31']) {
      expect(draftIntervals(long(TODAY, endDate), counting, ZONE, TODAY)).toBeNull();
    }
    expect(counting.lookups).toBe(0);
    expect(draftIntervals(long(TODAY, '2027-11-21'), calendar, ZONE, TODAY)?.at(-1)?.date).toBe('2027-11-19');
  });

  it('answers a draft with a day that does not exist like an incomplete one', () => {
    expect(draftIntervals(long('2027-02-31', '2027-03-05'), calendar, ZONE, TODAY)).toBeNull();
  });

  it('still asks for today', () => {
    expect(
      draftIntervals({ ...long(TODAY, TODAY), reservationType: 'NORMAL' }, calendar, ZONE, TODAY),
    ).toHaveLength(1);
  });
});
