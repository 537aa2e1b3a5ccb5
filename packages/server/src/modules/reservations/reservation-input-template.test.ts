import { workingCalendar } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { templateDefaults } from './reservation-input-template.ts';

const user = {
  isNormalReservation: true,
  isQuickReservation: true,
  isGuestReservation: false,
  isLongReservation: false,
  startOfWorkingTime: '09:00:00',
  endOfWorkingTime: '17:00:00',
};
const calendar = workingCalendar();

describe('templateDefaults', () => {
  it.each([
    // Wednesday morning: today, now + 3 minutes to the end of working time.
    {
      now: { date: '2026-11-18', time: '08:10:30' },
      isAdmin: false,
      date: '2026-11-18',
      start: '08:13:00',
      end: '17:00:00',
    },
    // Late evening: today cannot hold 30 minutes any more, so the next working day.
    {
      now: { date: '2026-11-18', time: '23:40:00' },
      isAdmin: false,
      date: '2026-11-19',
      start: '09:00:00',
      end: '17:00:00',
    },
    // Friday late evening: over the weekend to Monday.
    {
      now: { date: '2026-11-20', time: '23:40:00' },
      isAdmin: true,
      date: '2026-11-23',
      start: '09:00:00',
      end: '17:00:00',
    },
    // Saturday: a user starts on Monday, an administrator keeps today.
    {
      now: { date: '2026-11-21', time: '10:00:00' },
      isAdmin: false,
      date: '2026-11-23',
      start: '09:00:00',
      end: '17:00:00',
    },
    {
      now: { date: '2026-11-21', time: '10:00:00' },
      isAdmin: true,
      date: '2026-11-21',
      start: '10:03:00',
      end: '17:00:00',
    },
    // 23 October is a Hungarian public holiday (Friday in 2026).
    {
      now: { date: '2026-10-23', time: '07:00:00' },
      isAdmin: false,
      date: '2026-10-26',
      start: '09:00:00',
      end: '17:00:00',
    },
  ])('$now.date $now.time (admin $isAdmin) → $date $start–$end', ({ now, isAdmin, date, start, end }) => {
    const defaults = templateDefaults({ user, isAdmin, now, calendar });
    expect(defaults).toMatchObject({ date, startTime: start, endTime: end, reservationType: 'NORMAL' });
  });
});
