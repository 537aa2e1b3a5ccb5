import { type LocalTime, type ReservationStatus, wallClockAt } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { instant } from '../../../engine/access.ts';
import { business, foreign, type Violation } from '../../../platform/violation.ts';
import { configuredWallClock } from '../../configuration/index.ts';
import type { RuleActor, RuleContext, StoredReservation } from './facts.ts';
import { checkReservationTimes } from './reservation-bounds.ts';

/*
 * The lifecycle of a stored reservation (DESIGN §4 Delete, Cancel, Expiry) in its two forms, side by side:
 * a TypeScript function over a `StoredReservation` for the operations, and an SQL expression over a
 * reservations row by its table alias for lists, derived attributes and row rules. The SQL reads the
 * app's clock (`now`), never the database's. rule-forms.int.test.ts runs one table of cases through both
 * forms on a real database.
 */

type Sql = RawBuilder<unknown>;
const statusOf = (alias: string): Sql => sql.raw(`${alias}.reservation_status`);
const duringOf = (alias: string): Sql => sql.raw(`${alias}.during`);

/** ACTIVE reservations whose end has passed count as EXPIRED everywhere, before the job stores it. */
export const effectiveStatus = (
  reservation: Pick<StoredReservation, 'status' | 'end'>,
  now: Date,
): ReservationStatus =>
  reservation.status === 'ACTIVE' && reservation.end.getTime() <= now.getTime()
    ? 'EXPIRED'
    : reservation.status;

/** `effectiveStatus` in SQL, as text. */
export const effectiveStatusSql = (alias: string, now: Date): Sql =>
  sql`(CASE WHEN ${statusOf(alias)} = 'ACTIVE' AND upper(${duringOf(alias)}) <= ${instant(now)}
    THEN 'EXPIRED' ELSE ${statusOf(alias)}::text END)`;

/** Effectively ACTIVE: stored ACTIVE and not over yet (`end > now`). */
export const isEffectivelyActive = (
  reservation: Pick<StoredReservation, 'status' | 'end'>,
  now: Date,
): boolean => effectiveStatus(reservation, now) === 'ACTIVE';

/** `isEffectivelyActive` in SQL. */
export const isEffectivelyActiveSql = (alias: string, now: Date): Sql =>
  sql`(${statusOf(alias)} = 'ACTIVE' AND upper(${duringOf(alias)}) > ${instant(now)})`;

/** Deletable: ACTIVE and not started yet (start > now). */
export const isDeletable = (reservation: Pick<StoredReservation, 'status' | 'start'>, now: Date): boolean =>
  reservation.status === 'ACTIVE' && reservation.start.getTime() > now.getTime();

/** `isDeletable` in SQL. */
export const isDeletableSql = (alias: string, now: Date): Sql =>
  sql`(${statusOf(alias)} = 'ACTIVE' AND lower(${duringOf(alias)}) > ${instant(now)})`;

/** Cancelable: ACTIVE and now inside `[start, end)`. */
export const isCancelable = (
  reservation: Pick<StoredReservation, 'status' | 'start' | 'end'>,
  now: Date,
): boolean =>
  reservation.status === 'ACTIVE' &&
  reservation.start.getTime() <= now.getTime() &&
  now.getTime() < reservation.end.getTime();

/** `isCancelable` in SQL: the range's `@>` is the same half-open test. */
export const isCancelableSql = (alias: string, now: Date): Sql =>
  sql`(${statusOf(alias)} = 'ACTIVE' AND ${duringOf(alias)} @> ${instant(now)})`;

export type ReservationFlags = {
  reservationStatus: ReservationStatus;
  isNotDeletable: boolean;
  isNotCancelable: boolean;
  /** The wall-clock time now, sent only when the reservation is cancelable (the card's timeline marker). */
  currentTime: LocalTime | null;
};

/** The derived attributes of a UserReservation (DESIGN §3). */
export const reservationFlags = (
  reservation: Pick<StoredReservation, 'status' | 'start' | 'end'>,
  now: Date,
  timeZone: string,
): ReservationFlags => {
  const cancelable = isCancelable(reservation, now);
  return {
    reservationStatus: effectiveStatus(reservation, now),
    isNotDeletable: !isDeletable(reservation, now),
    isNotCancelable: !cancelable,
    currentTime: cancelable ? wallClockAt(now, timeZone).time : null,
  };
};

/**
 * `reservationFlags` in SQL, one expression per attribute (the UserReservation source's derived attributes);
 * the time zone is the configured one.
 */
export const reservationFlagsSql = (alias: string, now: Date): Record<keyof ReservationFlags, Sql> => ({
  reservationStatus: effectiveStatusSql(alias, now),
  isNotDeletable: sql`(NOT ${isDeletableSql(alias, now)})`,
  isNotCancelable: sql`(NOT ${isCancelableSql(alias, now)})`,
  currentTime: sql`(CASE WHEN ${isCancelableSql(alias, now)}
    THEN to_char(${configuredWallClock(instant(now))}, 'HH24:MI:SS') END)`,
});

const ownerOrAdministrator = (
  reservation: Pick<StoredReservation, 'ownerId'>,
  actor: RuleActor,
): Violation[] => (actor.isAdministrator || reservation.ownerId === actor.userId ? [] : [foreign]);

/** The owner or an administrator may end a reservation in the states `allowed` holds for; others are refused. */
const ownerMayEnd =
  (allowed: (reservation: StoredReservation, now: Date) => boolean, refusal: string) =>
  (reservation: StoredReservation, actor: RuleActor, now: Date): Violation[] => {
    const access = ownerOrAdministrator(reservation, actor);
    if (access.length > 0) {
      return access;
    }
    return allowed(reservation, now) ? [] : [business('NOT_VALID_DATA', refusal)];
  };

/** Delete: the owner or an administrator, a future ACTIVE reservation. */
export const checkDeletion = ownerMayEnd(isDeletable, 'Only a future reservation can be deleted');

/** Cancel: the owner or an administrator, an ACTIVE reservation in progress. */
export const checkCancellation = ownerMayEnd(isCancelable, 'Only a reservation in progress can be cancelled');

/**
 * What a cancellation stores: the interval cut at now (status EXPIRED), so the slot is free from now on;
 * null when the reservation is not in progress.
 */
export const cancelWindow = (
  reservation: Pick<StoredReservation, 'status' | 'start' | 'end'>,
  now: Date,
): { start: Date; end: Date } | null =>
  isCancelable(reservation, now) ? { start: reservation.start, end: now } : null;

/**
 * Modify: the owner or an administrator, a future ACTIVE reservation, new times on its date under the same
 * time rules as a new one (the current minute, the QUICK noon rule, end after start, 30 minutes).
 */
export const checkModification = (
  reservation: StoredReservation,
  change: { startTime: LocalTime; endTime: LocalTime },
  context: RuleContext,
): Violation[] => {
  const access = ownerOrAdministrator(reservation, context.actor);
  if (access.length > 0) {
    return access;
  }
  if (!isDeletable(reservation, context.now)) {
    return [business('NOT_VALID_DATA', 'Only a future reservation can be modified')];
  }
  return checkReservationTimes({ type: reservation.type, date: reservation.date, ...change }, context);
};
