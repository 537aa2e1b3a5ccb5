import {
  compareDates,
  compareTimes,
  type Interval,
  isDate,
  isLongSeriesEndInBounds,
  type LocalDate,
  type LocalTime,
  ReservationType,
  type WorkingCalendar,
} from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ActorScope, RequestScope } from '../../engine/access.ts';
import { todayIn } from '../../platform/calendar.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ConflictError } from '../../platform/errors.ts';
import { slotsActorMayReserveFor } from '../garages/index.ts';
import { loadRuleContext } from './rule-environment.ts';
import {
  type ReservationSlotTime,
  type RuleContext,
  reservationDays,
  reservationIntervals,
  type SlotOffer,
  slotOfferedSql,
  slotOfferOf,
} from './rules/index.ts';
import { freeOn, nextFreeSlotId, ownOverlappingReservation, slotIsFree } from './slot-queries.ts';

/*
 * The free slots of DESIGN §4 in SQL: `slotsActorMayReserveFor` the user (active slot of an accessed, active garage;
 * exclusive ones only when an administrator reserves) and not overlapping an ACTIVE reservation on any of
 * the asked intervals (the repository's `freeOn`).
 */

type Sql = RawBuilder<unknown>;

const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/** A real calendar day, or null: the day arithmetic throws on 2026-02-31, and a draft may still hold one. */
const dateOf = (value: unknown): LocalDate | null =>
  typeof value === 'string' && isDate(value) ? value : null;
const timeOf = (value: unknown): LocalTime | null =>
  typeof value === 'string' && TIME.test(value) ? (value.length === 5 ? `${value}:00` : value) : null;
const typeOf = (value: unknown): ReservationType | null =>
  (ReservationType.values as readonly unknown[]).includes(value) ? (value as ReservationType) : null;

/**
 * The intervals a draft ReservationInput asks for, or null while its date, times or type are not usable yet
 * (the range then lists every reservable slot). A date before `today` is one the create refuses too, and it
 * must not be expanded: a year typed digit by digit passes through 0002, 0020 and 0202, and a LONG draft
 * from there to its end date would ask for every working day of two thousand years (minutes of CPU and a
 * statement too large to run, while every other request waits). Likewise a LONG draft that ends more than
 * MAX_LONG_SERIES_DAYS after its date (an end year typed a century ahead): the create refuses it with
 * SERIES_TOO_LONG, and the range answers it like an incomplete draft instead of listing its days.
 */
export const draftIntervals = (
  draft: Readonly<Record<string, unknown>>,
  calendar: WorkingCalendar,
  timeZone: string,
  today: LocalDate,
): ReservationSlotTime[] | null => {
  const date = dateOf(draft.date);
  const startTime = timeOf(draft.startTime);
  const endTime = timeOf(draft.endTime);
  const type = typeOf(draft.reservationType) ?? 'NORMAL';
  if (date === null || startTime === null || endTime === null || compareTimes(startTime, endTime) >= 0) {
    return null;
  }
  if (compareDates(date, today) < 0) {
    return null;
  }
  const endDate = dateOf(draft.endDate) ?? date;
  if (type === 'LONG' && compareDates(endDate, date) >= 0 && !isLongSeriesEndInBounds(date, endDate)) {
    return null;
  }
  const days = reservationDays({ type, date, endDate }, calendar);
  return reservationIntervals(days, startTime, endTime, timeZone);
};

/**
 * The 409 of a create the exclusion constraints refused: the slot is taken on one of the intervals (with the
 * next free slot for the same times, DESIGN §4), or else the owner already holds an overlapping reservation,
 * named in `details.existingReservation` so the form can say which one (a free slot is no help there).
 */
export async function overlapConflict(
  db: Kysely<DB>,
  options: {
    userId: string;
    actorIsAdministrator: boolean;
    intervals: readonly Interval[];
    slotId: string;
    offer?: SlotOffer;
  },
): Promise<ConflictError> {
  if ((await slotIsFree(db, options.slotId, options.intervals)) !== false) {
    const existing = await ownOverlappingReservation(db, options.userId, options.intervals);
    return new ConflictError(
      'OVERLAPPING_RESERVATION',
      existing === null ? undefined : { existingReservation: existing },
    );
  }
  const nextId = await nextFreeSlotId(db, { ...options, afterSlotId: options.slotId });
  return new ConflictError('SLOT_ALREADY_RESERVED', nextId === null ? undefined : { nextFreeSlotId: nextId });
}

/**
 * The prepared draft of the parking-slot range: the asked intervals and the rule context they were read in
 * (who may take which slot reads it), or none while the draft is incomplete.
 */
export type FreeSlotDraft = { intervals?: readonly ReservationSlotTime[]; context?: RuleContext };

/** `prepareDraft` of ReservationInput.parkingSlot: the draft's intervals in the configured zone and calendar. */
export async function freeSlotDraft(
  db: Kysely<DB>,
  scope: RequestScope,
  draft: Readonly<Record<string, unknown>>,
): Promise<FreeSlotDraft> {
  const context = await loadRuleContext(db, scope, scope.now);
  const today = todayIn(scope.now, context.timeZone);
  const intervals = draftIntervals(draft, context.calendar, context.timeZone, today);
  return intervals === null || intervals.length === 0 ? {} : { intervals, context };
}

/** Whether the free-slot range offers the slot `alias` to the draft at all, and the intervals it must be free on. */
const rangeOffer = (
  alias: string,
  parties: { userId: Sql; carId: Sql },
  scope: ActorScope,
  values: Readonly<Record<string, unknown>>,
): { offered: Sql; intervals: readonly ReservationSlotTime[] } => {
  const { intervals = [], context } = values as FreeSlotDraft;
  const offer = context === undefined ? undefined : slotOfferOf(parties, intervals, context);
  return {
    offered: sql`(${slotsActorMayReserveFor(alias, parties.userId, scope.isAdministrator)}
      AND ${slotOfferedSql(alias, offer)})`,
    intervals,
  };
};

/**
 * ReservationInput.parkingSlot `~range`: reservable for the form's user, offered to the draft's request (its
 * user, its car `carId`, its days: slot-offered.ts) and free on every asked interval.
 */
export const freeSlotRange = (
  alias: string,
  parties: { userId: Sql; carId: Sql },
  scope: ActorScope,
  values: Readonly<Record<string, unknown>> = {},
): Sql => {
  const { offered, intervals } = rangeOffer(alias, parties, scope, values);
  return sql`(${offered} AND ${freeOn(alias, intervals)})`;
};

/**
 * The slot `alias` as a day view shows it (issue 32, item 1), by the free-slot range's own fragments: FREE when
 * the range lists it for the draft (`freeSlotDraft`), TAKEN when it would be offered but a reservation holds it
 * on the asked hours, NOT_OFFERED when the range would not list it whatever the reservations (an exclusive
 * slot, a pool not yet released, an accessible slot, a charger for another car, an assigned slot).
 */
export const slotStatusSql = (
  alias: string,
  parties: { userId: Sql; carId: Sql },
  scope: ActorScope,
  values: Readonly<Record<string, unknown>>,
): Sql => {
  const { offered, intervals } = rangeOffer(alias, parties, scope, values);
  return sql`CASE WHEN NOT ${offered} THEN 'NOT_OFFERED' WHEN ${freeOn(alias, intervals)} THEN 'FREE'
    ELSE 'TAKEN' END`;
};
