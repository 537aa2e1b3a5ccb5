import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { arrivalCheckInText, cardCheckInText, checkInStateOf } from './checkInState.ts';

beforeAll(initEnglishTranslations);

const t = (key: string, options?: Record<string, unknown>) =>
  i18next.t(key, { ns: 'application', ...options });

const window = { checkInRequired: true, checkInOpensAt: '08:45:00', checkInClosesAt: '09:30:00' };

describe('check-in state of a reservation', () => {
  it.each([
    {
      name: 'a garage without check-in says nothing on the card',
      reservation: { reservationStatus: 'ACTIVE', checkInRequired: false },
      card: null,
      arrival: 'Not required',
    },
    {
      name: 'a reservation before its window tells its owner when to check in',
      reservation: { ...window, reservationStatus: 'ACTIVE', isCheckInOpen: false, currentTime: null },
      card: 'Check in between 08:45 and 09:30',
      arrival: 'Check-in opens at 08:45',
    },
    {
      name: 'an open window waits for the driver until it closes',
      reservation: { ...window, reservationStatus: 'ACTIVE', isCheckInOpen: true, currentTime: '08:50:00' },
      card: 'Check in between 08:45 and 09:30',
      arrival: 'Waiting (window open until 09:30)',
    },
    {
      name: 'a window that passed before the release tells the doorman it closed',
      reservation: { ...window, reservationStatus: 'ACTIVE', isCheckInOpen: false, currentTime: '09:31:00' },
      card: 'Check in between 08:45 and 09:30',
      arrival: 'Check-in closed at 09:30',
    },
    {
      name: 'a checked-in reservation tells when',
      reservation: {
        ...window,
        reservationStatus: 'ACTIVE',
        checkedInAt: '2026-11-24T07:52:10Z',
        checkedInTime: '08:52:10',
      },
      card: 'Checked in at 08:52',
      arrival: 'Checked in at 08:52',
    },
    {
      name: 'a released reservation tells by when nobody checked in',
      reservation: { ...window, reservationStatus: 'NO_SHOW', isCheckInOpen: false },
      card: 'Released: no check-in by 09:30',
      arrival: 'No-show',
    },
  ])('$name', ({ reservation, card, arrival }) => {
    const state = checkInStateOf(reservation);
    expect(cardCheckInText(state, t)).toBe(card);
    expect(arrivalCheckInText(state, t)).toBe(arrival);
  });

  it('offers the check-in only while the window is open', () => {
    const open = checkInStateOf({ ...window, reservationStatus: 'ACTIVE', isCheckInOpen: true });
    const notYet = checkInStateOf({ ...window, reservationStatus: 'ACTIVE', isCheckInOpen: false });
    const done = checkInStateOf({
      ...window,
      reservationStatus: 'ACTIVE',
      isCheckInOpen: true,
      checkedInAt: '2026-11-24T07:52:00Z',
      checkedInTime: '08:52:00',
    });
    expect(open).toMatchObject({ kind: 'pending', open: true });
    expect(notYet).toMatchObject({ kind: 'pending', open: false });
    expect(done.kind).toBe('checkedIn');
  });
});
