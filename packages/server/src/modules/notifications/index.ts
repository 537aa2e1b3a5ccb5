/*
 * The reservations' mails and calendar events (DESIGN §4): what a reservation's change queues, the mails to
 * its owner and guest, and its event in invitations and the calendar feed. Reservations tells it what changed
 * (`createdReservationJobs`, `notifyReservationChanged`) with the facts of its rows. Its reads of a reservation
 * as a mail or an event shows it (also the doormen's, the waitlist's, the check-in page's and the feed's) join
 * the reservations' read model, `reservationRowsSql`, which whoever calls hands in (the job handlers get it at
 * start): notifications imports no module but configuration, and only reservations names its table.
 */
export type { ReservationJob, ReservationJobs as JobPayloads } from './jobs.ts';
export { reservationJobs } from './jobs.ts';
export {
  callersBudget,
  type MailBudget,
  type OthersMails,
  OWNER_MAILS_ONLY,
  othersMailsOfCreate,
} from './mail-budget.ts';
export {
  type CheckInValues,
  type ReservationMailValues,
  type ReservationView,
  reservationFields,
  reservationValues,
  TYPE_LABELS,
} from './mail-context.ts';
export { eventFactsOf, loadReservationFacts } from './mail-data.ts';
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
export { loadArrivals, ownerEventRecords, type ReservationRows } from './mail-repository.ts';
export {
  type MailOutcome,
  mailReservation,
  type ReservationMailEnvironment,
  reservationToMail,
} from './mail-reservation.ts';
export { details, floorPlan } from './mail-texts.ts';
export type { ReminderFacts } from './notifications.ts';
export { refundUnsent } from './refund-unsent.ts';
export {
  mailRequestDay,
  type RequestDay,
  requestDayPlaceholders,
  sampleRequestDay,
} from './request-day-mail.ts';
export { checkInTimesOf, reservationEvent } from './reservation-event.ts';
export {
  createdReservationJobs,
  type NoticeFacts,
  notifyReservationChanged,
  type ReservationChange,
} from './reservation-notifications.ts';
export { type MailAdditions, mailAdditions } from './send-reservation-mail.ts';
