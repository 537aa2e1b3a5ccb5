import type { UserReservation } from '@parkhere/contract';

/**
 * The reservation the card, panel and arrivals tests show: NORMAL on Tuesday 2026-11-24, 09:00–16:00 on
 * North / -1 / 12, in a garage that asks for check-in between 08:45 and 09:30.
 */
export const checkInReservation = {
  date: '2026-11-24',
  startTime: '09:00:00',
  endTime: '16:00:00',
  reservationType: 'NORMAL',
  reservationStatus: 'ACTIVE',
  parkingSlotInformation: 'North / -1 / 12',
  checkInRequired: true,
  checkInOpensAt: '08:45:00',
  checkInClosesAt: '09:30:00',
} as const satisfies Partial<UserReservation>;
