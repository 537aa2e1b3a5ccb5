/*
 * The reservations' mails and calendar events (DESIGN §4): what a reservation's change queues, the mails to
 * its owner and guest, and its event in invitations and the calendar feed. Reservations tells it what changed
 * (`createdReservationJobs`, `notifyReservationChanged`) with the facts of its rows, and hands its handlers the
 * read of a reservation as its mails show it at start: notifications reads no table and imports no module but
 * configuration.
 */
export type { ReservationJob, ReservationJobs as JobPayloads } from './jobs.ts';
export { reservationJobs } from './jobs.ts';
export { type MailBudget, type OthersMails, OWNER_MAILS_ONLY, othersMailsOfCreate } from './mail-budget.ts';
export {
  type ReservationEventFacts,
  type ReservationMailFacts,
  type ReservationMailRow,
  viewOf,
} from './mail-facts.ts';
export { logSkip, reservationJobHandlers as jobHandlers } from './mail-handlers.ts';
export {
  mailKinds,
  RESERVATION_PLACEHOLDERS,
  SAMPLE_DAY,
  SAMPLE_EMPLOYEE,
  sampleReservation,
} from './mail-kinds.ts';
export { type PlaceholderName, placeholders } from './mail-placeholders.ts';
export {
  type CheckInUrls,
  type MailOutcome,
  mailReservation,
  type ReservationMailEnvironment,
} from './mail-reservation.ts';
export { details, floorPlan } from './mail-texts.ts';
export type { ReminderFacts } from './notifications.ts';
export { refundUnsent } from './refund-unsent.ts';
export { checkInTimesOf, reservationEvent } from './reservation-event.ts';
export {
  createdReservationJobs,
  type NoticeFacts,
  notifyReservationChanged,
  type ReservationChange,
} from './reservation-notifications.ts';
