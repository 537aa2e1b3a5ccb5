import type { Sources } from '../../engine/registry.ts';
import { inputForm } from '../../engine/source.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import {
  modificateReservationInputSource,
  reservationInputSource,
  reservationsPanelSource,
  userReservationPanelSource,
} from './panels.ts';
import { userReservationSource } from './source.ts';

/*
 * What the registry serves of reservations, and what other modules may use: the rule context a holiday's
 * rules read, the deletion it causes, the create inside a caller's transaction with its free-slot test (the
 * waitlist's promotion), the plan of a request that books nothing yet (a wait, a draw request), a refusal's
 * free slot as an entity (the waitlist's join), the check-in's reads and writes (modules/check-in), giving a
 * reservation back by the mails' link (modules/release-link), the
 * record that a guest was told of a reservation (its guest's confirmation), and the SQL other modules embed
 * to read reservations (`…Sql`; `reservationRowsSql` is what the mails, the doormen's summary and the
 * calendar feed read through modules/notifications). Anything else of this folder is its own.
 */
export { type AvailabilityAsk, availabilityCountsSql, ownReservationsOnSql } from './availability-sql.ts';
export { reservationConstraints as constraints } from './constraints.ts';
export { createPattern } from './create-pattern.ts';
export {
  type CreateReservationInput,
  createReservationIn,
  planRequest,
  type UnbookedRequest,
} from './create-reservation.ts';
export { markDeleted } from './delete-reservation.ts';
export {
  noShowCountSql,
  noShowsWithinSql,
  ownBookingOverlapsSql,
  reservationOwnerSql,
  reservationRowsSql,
  reservationSlotNameSql,
  reservationSummarySql,
  reservationUsageSql,
  slotBookedByAnotherSql,
  slotBookingsSql,
} from './embedded-sql.ts';
export { expireReservations } from './expire-reservations.ts';
export { assertOwnerStaysActive } from './facts-queries.ts';
export { withFreeSlotAnswered } from './free-slot-answer.ts';
export { type GiveBackOutcome, giveBackReservation } from './give-back-reservation.ts';
export { hooks, upcomingReservationCountSql } from './leaver-reservations.ts';
export { markGuestTold } from './mark-guest-told.ts';
export {
  createRequestOf,
  reservationOperations as operations,
  reservationTemplates as templates,
} from './operations.ts';
export {
  ownerSpansSql,
  reservationDaysSql,
  reservationEdgesSql,
  rollupRebuildingSql,
  type Span,
  slotSpansSql,
  spansOf,
} from './report-sql.ts';
export {
  lockForCheckIn,
  reservationIdsWhere,
  storeCheckIn,
  storeNoShows,
  templateUser,
  usableCars,
} from './repository.ts';
export {
  type ReservationJobs as JobPayloads,
  rebuildRollupStep,
  reservationJobHandlers as jobHandlers,
} from './rollup-rebuild.ts';
export { loadRuleContext } from './rule-environment.ts';
export {
  type CheckInSettings,
  type CheckInSubject,
  checkDuration,
  checkInWindow,
  checkNotInDraw,
  checkReservationDate,
  checkSlot,
  type GarageDraw,
  garageDrawDaysSql,
  isEffectivelyActiveSql,
  type RuleActor,
  type RuleContext,
  slotOfferedSql,
  slotOfferOf,
} from './rules/index.ts';

import { sql } from 'kysely';
import { columnsOf } from '../../platform/db/column-list.ts';
import type { DeclaredCounter } from '../../platform/observability/counter.ts';
import { listPart } from '../../platform/personal-data.ts';
import { anonymisedGuest, anonymiseRowsPastRetention } from '../../platform/retention.ts';
import { reservationsCreated } from './create-reservation.ts';
import { RESERVATION_COLUMNS } from './reservation-columns.ts';

export { type FreeSlotDraft, freeSlotDraft, slotStatusSql } from './free-slots.ts';
export { type SlotRequest, serveOnSlots } from './serve-on-slots.ts';
export { type RequestSlot, type ReservationRequest, type Serving, serveRequest } from './serve-request.ts';
export { freeOn, freeSlotIds, ownOverlappingReservation } from './slot-queries.ts';
export { today } from './source.ts';
export { insertWalkIn, type WalkIn } from './walk-in.ts';

export const sources = {
  UserReservation: userReservationSource,
  SkippedDay: inputForm('SkippedDay'),
  RepeatedReservations: inputForm('RepeatedReservations', {
    reservations: {},
    drawRequests: {},
    skippedDays: {},
  }),
  ModificateReservationInput: modificateReservationInputSource,
  ReservationInput: reservationInputSource,
  UserReservationPanel: userReservationPanelSource,
  ReservationsPanel: reservationsPanelSource,
} satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'reservations' }];

/** The reservations' counters (the app's /metrics). */
export const metrics: readonly DeclaredCounter[] = [reservationsCreated];

/** The user's reservations with their slots' and garages' names, for their own copy of their data. */
export const personalData = listPart(
  'reservations',
  (
    userId,
  ) => sql`SELECT ${columnsOf('r', RESERVATION_COLUMNS)}, s.name AS parking_slot_name, g.name AS parking_garage_name
    FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
      JOIN parking_garages g ON g.id = s.parking_garage_id
    WHERE r.owner_id = ${userId}::bigint ORDER BY r.date, r.start_time, r.id`,
);

/**
 * Past retention a reservation stays for the statistics (its day, times, slot, type, status, check-in and its
 * owner's account), but its plate, its car, its guest and who made, changed or checked it in go.
 */
export const retention = anonymiseRowsPastRetention(
  'reservations',
  {
    ...anonymisedGuest,
    car_license_plate: null,
    created_by: null,
    modefied_by: null,
    checked_in_by: null,
  },
  ['car_id'],
);
