import type { Sources } from '../../engine/registry.ts';
import {
  modificateReservationInputSource,
  reservationInputSource,
  reservationsPanelSource,
  userReservationPanelSource,
} from './panels.ts';
import { userReservationSource } from './source.ts';

export { markDeleted } from './delete-reservation.ts';
export { expireReservations } from './expire-reservations.ts';
export { logSkip, mailHandlers } from './mail-handlers.ts';
export { nextSummaryDate, scheduleDoormanSummary } from './notifications.ts';
export { reservationOperations as operations, reservationTemplates as templates } from './operations.ts';
export { loadRuleContext } from './rule-environment.ts';
export {
  assertNoViolation,
  checkHoliday,
  checkHolidayDeletion,
  type HolidayDates,
  holidayDeletableSql,
  isEffectivelyActiveSql,
  isHolidayNotDeletableSql,
} from './rules/index.ts';
export type { MailOutcome } from './send-reservation-mail.ts';
export { today } from './source.ts';

export const sources = {
  UserReservation: userReservationSource,
  ModificateReservationInput: modificateReservationInputSource,
  ReservationInput: reservationInputSource,
  UserReservationPanel: userReservationPanelSource,
  ReservationsPanel: reservationsPanelSource,
} satisfies Partial<Sources>;
