/** The fields a 400 item can land on (SPEC §5). */
export const RESERVATION_FIELDS = [
  'user',
  'reservationType',
  'date',
  'endDate',
  'startTime',
  'endTime',
  'car',
  'parkingSlot',
  'guestName',
  'guestEmail',
  'guestLicensePlate',
  'reminderBeforeReservation',
  'repeatWeekdays',
  'repeatUntil',
] as const;
export type ReservationField = (typeof RESERVATION_FIELDS)[number];
