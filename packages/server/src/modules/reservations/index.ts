import type { Sources } from '../../engine/registry.ts';
import {
  modificateReservationInputSource,
  reservationInputSource,
  reservationsPanelSource,
  userReservationPanelSource,
} from './panels.ts';
import { userReservationSource } from './source.ts';

/*
 * What the registry serves of reservations, and what other modules may use: the rule context a holiday's
 * rules read, the deletion it causes, the reservation data doormen's mails show, and the create inside a caller's
 * transaction with its free-slot test (the waitlist's promotion), and a reservation's calendar event (the
 * calendar feed, the waitlist's confirmation). Anything else of this folder is its own.
 */
export { type CheckInLinks, createCheckInLinks } from './check-in-link.ts';
export { checkInRoutes } from './check-in-routes.ts';
export {
  type CreateReservationInput,
  createReservationIn,
  planReservationIn,
} from './create-reservation.ts';
export { markDeleted } from './delete-reservation.ts';
export { expireReservations } from './expire-reservations.ts';
export { eventFactsOf, loadReservationFacts, viewOf } from './mail-data.ts';
export { logSkip, mailHandlers } from './mail-handlers.ts';
export { loadArrivals, ownerEventRecords } from './mail-repository.ts';
export { nextSummaryDate, scheduleDoormanSummary } from './notifications.ts';
export { reservationOperations as operations, reservationTemplates as templates } from './operations.ts';
export {
  nextNoShowReleaseAt,
  releaseNoShowsHandler,
  scheduleNoShowRelease,
} from './release-no-shows.ts';
export { freeOn, reservationIdsWhere } from './repository.ts';
export { reservationEvent } from './reservation-event.ts';
export { loadRuleContext } from './rule-environment.ts';
export { isEffectivelyActiveSql, type RuleActor } from './rules/index.ts';
export type { MailOutcome } from './send-reservation-mail.ts';
export { today } from './source.ts';

export const sources = {
  UserReservation: userReservationSource,
  ModificateReservationInput: modificateReservationInputSource,
  ReservationInput: reservationInputSource,
  UserReservationPanel: userReservationPanelSource,
  ReservationsPanel: reservationsPanelSource,
} satisfies Partial<Sources>;
