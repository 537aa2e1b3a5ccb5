import { shortTime } from '../forms/wireValues.ts';

type PastReservation = {
  startTime?: string | null;
  endTime?: string | null;
  bookedEndTime?: string | null;
  reservationStatus?: string | null;
  isCancelled?: boolean | null;
};

/**
 * How the previous-reservations table shows a row. A cancellation is stored as EXPIRED with its end cut to the
 * moment of cancelling: it is shown as cancelled, with the times it was booked for and when it was cancelled,
 * not as an "Expired 21:11–21:11" that never was.
 */
export function previousReservationView(reservation: PastReservation): {
  times: string;
  statusKey: string;
  cancelledAt: string | null;
} {
  const start = shortTime(reservation.startTime);
  if (reservation.isCancelled === true) {
    const booked = reservation.bookedEndTime ?? reservation.endTime;
    return {
      times: `${start}–${shortTime(booked)}`,
      statusKey: 'reservationPanel.cancelledStatus',
      cancelledAt: shortTime(reservation.endTime),
    };
  }
  return {
    times: `${start}–${shortTime(reservation.endTime)}`,
    statusKey: `enumeration.ReservationStatus.${reservation.reservationStatus ?? ''}`,
    cancelledAt: null,
  };
}
