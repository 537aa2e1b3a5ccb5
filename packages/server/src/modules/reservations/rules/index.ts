/**
 * The reservation rules of DESIGN §4 and SPEC §4–§5: plain functions, no database, no HTTP. A rule that lists
 * and row rules also need in SQL has its SQL form beside it, named `…Sql` (an expression over a table alias,
 * run by the caller's statement), with a test that runs one table of cases through both forms. The clock
 * (`now`), the time zone and the working-day calendar come in through `RuleContext`; every check returns a
 * list of `Violation`s (empty: allowed) that `toDomainError` (platform/violation.ts) turns into the one
 * error platform/http/errors.ts maps.
 *
 * Create:  `checkReservation(request, context)` → Violation[]; `planReservation` also returns the
 *          `[start, end)` instants to insert, one per day (`reservationDays`: LONG = every working day from
 *          date to endDate, all or nothing, ending at most MAX_LONG_SERIES_DAYS after date: SERIES_TOO_LONG,
 *          checked before a day is listed). The free slot is the exclusion constraint's job, not a rule here.
 * Modify:  `checkModification(stored, {startTime, endTime}, context)`.
 * Delete:  `checkDeletion(stored, actor, now)`; cancel: `checkCancellation` and `cancelWindow` (end = now).
 * Derived: `reservationFlags` (isNotDeletable, isNotCancelable, currentTime, effective status),
 *          `effectiveStatus` (ACTIVE past its end = EXPIRED), `isEffectivelyActive`; each also `…Sql`.
 * Quotas:  `checkQuota` (inside checkReservation); `upcomingCounts` defines what counts (ACTIVE, not ended,
 *          a LONG series once).
 * Draw:    `checkNotInDraw` (a user's own booking of a day in its garage's fair draw is requested instead, and
 *          waits for the draw after the cut-off until the draw has run; the cut-off rule is the contract's
 *          `isInDraw`, shared with the web and modules/draw); `garageDrawDaysSql` reads what it needs.
 * Holiday: `checkHolidayConfirmed` (a reservation on the owner's holiday needs confirmHoliday); the holidays'
 *          own rules (enter, change, delete, with their SQL forms) live in modules/holidays/holiday-rules.ts.
 *
 * Fault mapping: naming another user's data without being an administrator → 404 ENTITY_NOT_FOUND;
 * a type the flags forbid → 422 PERMISSION_DENIED; inactive owner → 422 USER_NOT_FOUND; another user's car →
 * 422 CAR_NOT_FOUND; quota → 422 TOO_MANY_RESERVATION; wrong state for delete/cancel/modify → 422
 * NOT_VALID_DATA; everything about a field → 400 items located at the field (`date`, `endDate`, `startTime`,
 * `endTime`, `car`, `parkingSlot`, `user`, `guestName`, `guestEmail`, `guestLicensePlate`, `startDate`)
 * with the contract's `RuleCode`s or MISSING_REQUIRED_ATTRIBUTE / NOT_ACCEPTED_BY_RANGE.
 */
export {
  type CheckInSettings,
  type CheckInSubject,
  checkInSql,
  checkInWindow,
  isNoShow,
} from './check-in-window.ts';
export { checkReservation, planReservation, type ReservationPlan } from './check-reservation.ts';
export { checkNotInDraw, garageDrawDaysSql } from './draw-days.ts';
// Every fact the rules read is part of their interface.
export type * from './facts.ts';
export { checkHolidayConfirmed } from './owner-holidays.ts';
export { checkQuota, type HeldReservation, quotaApplies, upcomingCounts } from './quotas.ts';
export { checkDuration, checkReservationDate, checkReservationTimes } from './reservation-bounds.ts';
export { type ReservationSlotTime, reservationDays, reservationIntervals } from './reservation-days.ts';
// The whole lifecycle (checks, states, flags, each with its SQL twin) is part of the interface.
export * from './reservation-lifecycle.ts';
export { checkCarOrGuest, checkGarageAccess, checkOwnerAndType, checkSlot } from './reservation-parties.ts';
export {
  checkSlotOffered,
  type SlotOffer,
  slotOfferedSql,
  slotOfferOf,
  slotOfferOnDay,
} from './slot-offered.ts';
