import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkInReservation } from '../testing/reservationRows.ts';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { ReservationCard, type ReservationRow } from './ReservationCard.tsx';

beforeAll(initEnglishTranslations);

afterEach(() => cleanup());

const reservation = (check: Partial<ReservationRow>): ReservationRow => ({
  __signedIdentifier: 'signed-reservation',
  __entityType: 'UserReservation',
  ...checkInReservation,
  reserverCarId: 'ABC-123',
  isNotCancelable: false,
  isNotDeletable: true,
  currentTime: '08:50:00',
  ...check,
});

/** The card of `reservation(check)`; "I'm here" calls `onCheckIn`. */
const showCard = (check: Partial<ReservationRow>, onCheckIn = vi.fn()) =>
  render(<ReservationCard reservation={reservation(check)} onAction={vi.fn()} onCheckIn={onCheckIn} />);

describe('reservation card check-in', () => {
  it('offers "I\'m here" while the window is open and tells until when', async () => {
    const onCheckIn = vi.fn();
    showCard({ isCheckInOpen: true }, onCheckIn);
    expect(screen.getByText('Check in between 08:45 and 09:30')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: "I'm here" }));
    expect(onCheckIn).toHaveBeenCalledWith(
      expect.objectContaining({ __signedIdentifier: 'signed-reservation' }),
    );
  });

  it('offers no check-in before the window opens', () => {
    showCard({ isCheckInOpen: false, currentTime: null, isNotCancelable: true });
    expect(screen.getByText('Check in between 08:45 and 09:30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "I'm here" })).toBeNull();
  });

  it('shows a done check-in and no button', () => {
    // The server's wall clock in its zone, whatever the browser's zone makes of the instant.
    const checkedInAt = '2026-11-24T07:52:00Z';
    showCard({ isCheckInOpen: true, checkedInAt, checkedInTime: '08:52:00' });
    expect(screen.getByText('Checked in at 08:52')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "I'm here" })).toBeNull();
  });

  it('says nothing of check-in where the garage asks for none', () => {
    showCard({ checkInRequired: false, isCheckInOpen: false });
    expect(screen.queryByTestId('check-in-state')).toBeNull();
    expect(screen.queryByRole('button', { name: "I'm here" })).toBeNull();
  });
});

describe('reservation card offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers no action while the server cannot be reached: nothing could be sent', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    showCard({ isCheckInOpen: true, isNotCancelable: false, isNotDeletable: false });
    expect(screen.getByText('Check in between 08:45 and 09:30')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
