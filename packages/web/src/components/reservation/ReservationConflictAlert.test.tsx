import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { ReservationConflictAlert } from './ReservationConflictAlert.tsx';

beforeAll(initEnglishTranslations);
afterEach(cleanup);

/** The alert's text for `conflict`. */
const alertText = (conflict: ComponentProps<typeof ReservationConflictAlert>['conflict']) => {
  render(<ReservationConflictAlert conflict={conflict} onTakeNextFreeSlot={() => {}} />);
  return screen.getByRole('alert').textContent ?? '';
};

describe('the reservation conflict alert', () => {
  it('names the user’s own reservation, its day in the reader’s format, and does not claim that no slot is free', () => {
    const existing = { parkingSlot: 'A-201', date: '2026-11-26', startTime: '09:00:00', endTime: '17:00:00' };
    expect(alertText({ code: 'OVERLAPPING_RESERVATION', nextFreeSlot: null, existing })).toBe(
      'You already have a reservation at A-201 on Thu, 26 Nov 2026, 09:00–17:00. Change or cancel that one, or choose another time.',
    );
  });

  it('says only that there is an overlap when the server names no reservation', () => {
    expect(alertText({ code: 'OVERLAPPING_RESERVATION', nextFreeSlot: null })).toBe(
      'You already have a reservation for this time.',
    );
  });

  it('still says no slot is free when the slot was taken and none is left', () => {
    expect(alertText({ code: 'SLOT_ALREADY_RESERVED', nextFreeSlot: null })).toContain(
      'No free parking slot for this time.',
    );
  });
});
