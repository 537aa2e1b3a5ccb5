/*
 * What other modules may use of reservations: the rules a holiday applies, the deletion it causes, and the
 * reservation data doormen's mails show. Anything else of this folder is its own.
 */
export { markDeleted } from './delete-reservation.ts';
export { loadReservationFacts, viewOf } from './mail-data.ts';
export { loadArrivals, reservationIdsWhere } from './repository.ts';
export { loadRuleContext } from './rule-environment.ts';
export {
  assertNoViolation,
  checkHoliday,
  checkHolidayDeletion,
  type HolidayDates,
  isEffectivelyActiveSql,
} from './rules/index.ts';
export type { MailOutcome } from './send-reservation-mail.ts';
