/*
 * The reservations' mails and calendar events (DESIGN §4): what a reservation's change queues, the mails to
 * its owner and guest, and its event in invitations and the calendar feed.
 */
export type { ReservationJob, ReservationJobs as JobPayloads } from './jobs.ts';
export { logSkip, reservationJobHandlers as jobHandlers } from './mail-handlers.ts';
export { checkInTimesOf, reservationEvent } from './reservation-event.ts';
export type { CheckInUrls, MailOutcome } from './send-reservation-mail.ts';
