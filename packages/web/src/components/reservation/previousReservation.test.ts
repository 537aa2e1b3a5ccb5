import { describe, expect, it } from 'vitest';
import { previousReservationView } from './previousReservation.ts';

describe('previousReservationView', () => {
  it('shows a cancelled reservation as cancelled, with its booked times and when it was cancelled', () => {
    expect(
      previousReservationView({
        startTime: '09:00:00',
        endTime: '11:12:00',
        bookedEndTime: '17:00:00',
        reservationStatus: 'EXPIRED',
        isCancelled: true,
      }),
    ).toEqual({ times: '09:00–17:00', statusKey: 'reservationPanel.cancelledStatus', cancelledAt: '11:12' });
  });

  it('shows any other reservation by its status and its times', () => {
    expect(
      previousReservationView({
        startTime: '09:00:00',
        endTime: '17:00:00',
        bookedEndTime: '17:00:00',
        reservationStatus: 'EXPIRED',
        isCancelled: false,
      }),
    ).toEqual({
      times: '09:00–17:00',
      statusKey: 'enumeration.ReservationStatus.EXPIRED',
      cancelledAt: null,
    });
  });
});
