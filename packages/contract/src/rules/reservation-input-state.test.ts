import { describe, expect, it } from 'vitest';
import { workingCalendar } from '../calendar/working-days.ts';
import { reservationInputDefaults, reservationInputState } from './reservation-input-state.ts';

const user = {
  isNormalReservation: true,
  isQuickReservation: false,
  isGuestReservation: true,
  isLongReservation: false,
  startOfWorkingTime: '09:00:00',
  endOfWorkingTime: '17:00:00',
};
const quickOnly = {
  ...user,
  isNormalReservation: false,
  isGuestReservation: false,
  isQuickReservation: true,
};

describe('ReservationInput defaults', () => {
  it.each([
    [
      'a working morning: today, from now + 3 minutes',
      user,
      false,
      '2026-05-04',
      '08:10:20',
      '2026-05-04',
      '08:13:00',
      '17:00:00',
    ],
    [
      'a working evening after the working time: the next working day, working hours',
      user,
      false,
      '2026-05-04',
      '18:20:00',
      '2026-05-05',
      '09:00:00',
      '17:00:00',
    ],
    [
      'a quick user before noon: today from 12:00, which the noon rule allows',
      quickOnly,
      false,
      '2026-05-04',
      '08:10:20',
      '2026-05-04',
      '12:00:00',
      '17:00:00',
    ],
    [
      'a Saturday: the next working day, working hours',
      user,
      false,
      '2026-05-09',
      '10:00:00',
      '2026-05-11',
      '09:00:00',
      '17:00:00',
    ],
    [
      'Good Friday: the Tuesday after Easter',
      quickOnly,
      false,
      '2026-04-03',
      '10:00:00',
      '2026-04-07',
      '09:00:00',
      '17:00:00',
    ],
    [
      'an administrator on a Saturday: today',
      user,
      true,
      '2026-05-09',
      '10:00:00',
      '2026-05-09',
      '10:03:00',
      '17:00:00',
    ],
  ])('%s', (_case, who, isAdmin, today, time, date, startTime, endTime) => {
    const defaults = reservationInputDefaults({
      user: who,
      isAdmin,
      now: { date: today, time },
      calendar: workingCalendar(),
    });
    expect(defaults).toMatchObject({
      date,
      startTime,
      endTime,
      sendNotification: true,
      reminderBeforeReservation: '00:15:00',
    });
  });

  it('picks NORMAL where allowed, else the first allowed type, and for LONG ends the series on the date', () => {
    const now = { date: '2026-05-04', time: '08:00:00' };
    const long = { ...user, isNormalReservation: false, isLongReservation: true };
    expect(
      reservationInputDefaults({
        user: { ...user, isLongReservation: true },
        isAdmin: false,
        now,
        calendar: workingCalendar(),
      }),
    ).toMatchObject({ reservationType: 'NORMAL', endDate: null });
    expect(
      reservationInputDefaults({ user: long, isAdmin: false, now, calendar: workingCalendar() }),
    ).toMatchObject({
      reservationType: 'LONG',
      endDate: '2026-05-04',
    });
    expect(
      reservationInputDefaults({ user, isAdmin: false, now, calendar: workingCalendar() }),
    ).toMatchObject({
      reservationType: 'NORMAL',
      endDate: null,
    });
  });
});

describe('ReservationInput state', () => {
  const base = {
    user,
    isAdmin: false,
    now: { date: '2026-05-04', time: '10:10:42' },
    type: 'NORMAL' as const,
    date: '2026-05-04',
    startTime: '10:15:00',
    sendNotification: true,
    parkingSlot: { nextToWall: false },
  };

  it('derives every read-only flag of a normal reservation starting this hour', () => {
    expect(reservationInputState(base)).toEqual({
      currentDate: '2026-05-04',
      currentTime: '10:10:00',
      isAdmin: false,
      isNotAdmin: true,
      isGuestReservation: false,
      isNotGuestReservation: true,
      isLongReservation: false,
      isNotLongReservation: true,
      hideReservationType: false,
      hideReminderReservation: false,
      reminderReservationHidden: false,
      warningMinutes: 20,
      warningTextHidden: false,
      warningNextToWallTextHidden: true,
    });
  });

  it.each([
    [
      'LONG hides the reminder and the half-hour warning',
      { type: 'LONG' as const },
      {
        hideReminderReservation: true,
        warningTextHidden: true,
        isLongReservation: true,
      },
    ],
    ['no notification hides the reminder', { sendNotification: false }, { reminderReservationHidden: true }],
    [
      'a slot next to a wall shows its warning',
      { parkingSlot: { nextToWall: true } },
      {
        warningNextToWallTextHidden: false,
      },
    ],
    [
      'a quick-only user has no type picker',
      { user: quickOnly, type: 'QUICK' as const },
      { hideReservationType: true },
    ],
    ['a start next hour has no half-hour warning', { startTime: '11:00:00' }, { warningMinutes: null }],
  ])('%s', (_case, change, expected) => {
    expect(reservationInputState({ ...base, ...change })).toMatchObject(expected);
  });
});
