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
  // Every case ends at the end of the user's working time, 17:00.
  it.each([
    // Wednesday morning: today, now + 3 minutes to the end of working time.
    { now: { date: '2026-11-18', time: '08:10:30' }, isAdmin: false, date: '2026-11-18', start: '08:13:00' },
    // Late evening: today cannot hold 30 minutes any more, so the next working day.
    { now: { date: '2026-11-18', time: '23:40:00' }, isAdmin: false, date: '2026-11-19', start: '09:00:00' },
    // Friday late evening: over the weekend to Monday.
    { now: { date: '2026-11-20', time: '23:40:00' }, isAdmin: true, date: '2026-11-23', start: '09:00:00' },
    // Saturday: a user starts on Monday, an administrator keeps today.
    { now: { date: '2026-11-21', time: '10:00:00' }, isAdmin: false, date: '2026-11-23', start: '09:00:00' },
    { now: { date: '2026-11-21', time: '10:00:00' }, isAdmin: true, date: '2026-11-21', start: '10:03:00' },
    // 23 October is a Hungarian public holiday (Friday in 2026).
    { now: { date: '2026-10-23', time: '07:00:00' }, isAdmin: false, date: '2026-10-26', start: '09:00:00' },
  ])('$now.date $now.time (admin $isAdmin) → $date $start–17:00:00', ({ now, isAdmin, date, start }) => {
    const defaults = templateDefaults({ user, isAdmin, now, calendar });
    expect(defaults).toMatchObject({
      date,
      startTime: start,
      endTime: user.endOfWorkingTime,
      reservationType: 'NORMAL',
    });
  });

  it('a quick user before noon starts at 12:00, which the noon rule allows; after noon now + 3 minutes', () => {
    const quick = { ...user, isNormalReservation: false, isQuickReservation: true };
    const morning = templateDefaults({
      user: quick,
      isAdmin: false,
      now: { date: '2026-11-18', time: '08:00:00' },
      calendar,
    });
    expect(morning).toMatchObject({
      reservationType: 'QUICK',
      date: '2026-11-18',
      startTime: '12:00:00',
      endTime: '17:00:00',
    });
    const afternoon = templateDefaults({
      user: quick,
      isAdmin: false,
      now: { date: '2026-11-18', time: '13:20:00' },
      calendar,
    });
    expect(afternoon).toMatchObject({ startTime: '13:23:00', endTime: '17:00:00' });
    // An administrator is not bound by the noon rule.
    const admin = templateDefaults({
      user: quick,
      isAdmin: true,
      now: { date: '2026-11-18', time: '08:00:00' },
      calendar,
    });
    expect(admin).toMatchObject({ startTime: '08:03:00' });
  });

  it.each([
    // 21:09 left 21:12–23:59 on today, a window nobody books: the working time is over.
    { time: '21:09:00', type: 'NORMAL', flags: {} },
    { time: '17:00:00', type: 'NORMAL', flags: {} },
    // NORMAL is preselected where the user may book it; else the first of SPEC §4's order (LONG, QUICK, GUEST).
    { time: '18:30:00', type: 'NORMAL', flags: { isLongReservation: true } },
    { time: '18:30:00', type: 'LONG', flags: { isLongReservation: true, isNormalReservation: false } },
    { time: '18:30:00', type: 'QUICK', flags: { isNormalReservation: false } },
  ])(
    'in the evening ($time) it opens on the next working day with the working hours, type $type',
    ({ time, type, flags }) => {
      const defaults = templateDefaults({
        user: { ...user, ...flags },
        isAdmin: false,
        now: { date: '2026-11-18', time },
        calendar,
      });
      expect(defaults).toMatchObject({
        reservationType: type,
        date: '2026-11-19',
        startTime: '09:00:00',
        endTime: '17:00:00',
      });
    },
  );

  it('keeps today while the working time lasts', () => {
    const defaults = templateDefaults({
      user,
      isAdmin: false,
      now: { date: '2026-11-18', time: '16:20:00' },
      calendar,
    });
    expect(defaults).toMatchObject({ date: '2026-11-18', startTime: '16:23:00', endTime: '17:00:00' });
  });
});
