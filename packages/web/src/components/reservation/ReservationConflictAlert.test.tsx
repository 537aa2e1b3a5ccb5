import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { ReservationConflictAlert } from './ReservationConflictAlert.tsx';

beforeAll(initEnglishTranslations);
afterEach(cleanup);

const alertText = () => screen.getByRole('alert').textContent ?? '';

describe('the reservation conflict alert', () => {
  it('names the user’s own reservation and does not claim that no slot is free', () => {
    const existing = { parkingSlot: 'A-201', date: '2026-11-26', startTime: '09:00:00', endTime: '17:00:00' };
    render(
      <ReservationConflictAlert
        conflict={{ code: 'OVERLAPPING_RESERVATION', nextFreeSlot: null, existing }}
        onTakeNextFreeSlot={() => {}}
      />,
    );
    expect(alertText()).toBe(
      'You already have a reservation at A-201 on 2026-11-26, 09:00–17:00. Change or cancel that one, or choose another time.',
    );
  });

  it('says only that there is an overlap when the server names no reservation', () => {
    render(
      <ReservationConflictAlert
        conflict={{ code: 'OVERLAPPING_RESERVATION', nextFreeSlot: null }}
        onTakeNextFreeSlot={() => {}}
      />,
    );
    expect(alertText()).toBe('You already have a reservation for this time.');
  });

  it('still says no slot is free when the slot was taken and none is left', () => {
    render(
      <ReservationConflictAlert
        conflict={{ code: 'SLOT_ALREADY_RESERVED', nextFreeSlot: null }}
        onTakeNextFreeSlot={() => {}}
      />,
    );
    expect(alertText()).toContain('No free parking slot for this time.');
  });
});
