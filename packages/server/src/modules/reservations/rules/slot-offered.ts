import { type LocalDate, wallClockAt } from '@parkhere/contract';
import { type RawBuilder, sql } from 'kysely';
import { isEmptyList, type SqlList } from '../../../platform/db/sql-list.ts';
import { business, type Violation } from '../../../platform/violation.ts';
import { assignedSlotOfferedSql, checkAssignedSlotOffered } from '../../assigned-slots/index.ts';
import { type PoolDays, poolClosedUntil, poolDaysOf, poolOpenSql } from '../../groups/index.ts';
import { accessibleClosedUntil, accessibleOpenSql } from './accessible-slot.ts';
import { chargerOpen, chargerOpenSql } from './charger-slot.ts';
import type { CarFacts, ReservationOwner, RuleContext, SlotFacts } from './facts.ts';
import type { ReservationSlotTime } from './reservation-days.ts';

/*
 * [Pools] Whether a slot is offered to a reservation at all, by the four rules of who may take which slot:
 * a group's pool (modules/groups' pool-release.ts), an accessible slot (accessible-slot.ts), a slot with a
 * charger (charger-slot.ts) and a slot assigned to a user (modules/assigned-slots' assigned-slot.ts: its owner's
 * unless they are away that day). The create refuses with each rule's own code (422 SLOT_IN_POOL,
 * SLOT_FOR_PERMIT_HOLDERS, SLOT_FOR_ELECTRIC_CARS, ASSIGNED_SLOT_NOT_RELEASED; the first two say until when,
 * `details.releaseAt`, the last the owner's days, `details.dates`); the slot lists (the form's free-slot range,
 * the next free slot, the waitlist's slots, whence its promotion, the draw's slots not offered) leave out what
 * `slotOfferedSql` refuses. Administrators reserve any slot for anybody (DESIGN §1), as they do exclusive ones,
 * except an assigned slot on its owner's day: who would hold the slot is what counts there, whoever books.
 */

/** The configured default of ConfigurationSettings.accessibleSlotReleaseMinutes. */
export const DEFAULT_ACCESSIBLE_RELEASE_MINUTES = 30;

const releaseMinutesOf = (context: RuleContext): number =>
  context.accessibleSlotReleaseMinutes ?? DEFAULT_ACCESSIBLE_RELEASE_MINUTES;

/** The release instant as the server's English message says it: the configured wall clock's day and time. */
const wallClockText = (instant: Date, timeZone: string): string => {
  const { date, time } = wallClockAt(instant, timeZone);
  return `${time.slice(0, 5)} on ${date}`;
};

/** The refusals of the four rules for a request of `intervals` on `slot` (none: offered). */
export const checkSlotOffered = (
  slot: SlotFacts | null,
  owner: ReservationOwner,
  car: CarFacts | null,
  intervals: readonly ReservationSlotTime[],
  context: RuleContext,
): Violation[] => {
  if (slot === null || intervals.length === 0) {
    return [];
  }
  const dates = intervals.map((interval) => interval.date);
  const assigned = checkAssignedSlotOffered(slot.assigned ?? null, owner.id, dates);
  if (context.actor.isAdministrator) {
    return assigned;
  }
  const { now, calendar, timeZone } = context;
  const pool = slot.pool ?? null;
  const poolClosed = poolClosedUntil(pool, dates, now, calendar, timeZone);
  const accessibleClosed = accessibleClosedUntil(
    { isAccessible: slot.isAccessible === true },
    owner.hasAccessibilityPermit === true,
    intervals.map((interval) => interval.start),
    now,
    releaseMinutesOf(context),
  );
  return [
    ...assigned,
    ...(poolClosed === null || pool === null
      ? []
      : [
          business(
            'SLOT_IN_POOL',
            `This slot belongs to the ${pool.groupName} pool until ${wallClockText(poolClosed, timeZone)}`,
            { group: pool.groupName, releaseAt: poolClosed.toISOString() },
          ),
        ]),
    ...(accessibleClosed === null
      ? []
      : [
          business(
            'SLOT_FOR_PERMIT_HOLDERS',
            `This accessible slot is kept for permit holders until ${wallClockText(accessibleClosed, timeZone)}`,
            { releaseAt: accessibleClosed.toISOString() },
          ),
        ]),
    ...(chargerOpen(
      { hasCharger: slot.hasCharger === true },
      car === null ? null : { isElectric: car.isElectric === true },
    )
      ? []
      : [business('SLOT_FOR_ELECTRIC_CARS', 'This slot has a charger: it is for electric cars only')]),
  ];
};

type Sql = RawBuilder<unknown>;

/** What the SQL twin reads of a request: whose, which car, its days and starts, the clock and the settings. */
export type SlotOffer = {
  userId: Sql;
  /** The reservation's car (SQL null: none, as a GUEST reservation). */
  carId: Sql;
  actorIsAdministrator: boolean;
  days: PoolDays;
  starts: SqlList<Date>;
  releaseMinutes: number;
  /** The slot's assigned-slot owner days already read for days that include these (see slotOfferOnDay). */
  ownerDays?: Sql;
};

/** The SlotOffer of a request of `intervals` (at least one) under `context`. */
export const slotOfferOf = (
  parties: { userId: Sql; carId: Sql },
  intervals: readonly ReservationSlotTime[],
  context: RuleContext,
): SlotOffer => ({
  ...parties,
  actorIsAdministrator: context.actor.isAdministrator,
  days: poolDaysOf(
    intervals.map((interval) => interval.date),
    context.now,
    context.calendar,
    context.timeZone,
  ),
  starts: intervals.map((interval) => interval.start),
  releaseMinutes: releaseMinutesOf(context),
});

/**
 * The SlotOffer of one day of a series of days in one statement (the availability's count per day): `day`
 * the row's date and `start` its start instant, both SQL of the statement; `dates` every day of the series
 * (the pools read the working days before them); `ownerDays` the slot row's assigned-slot ownerDaysSql over
 * the series, read once per slot by the statement.
 */
export const slotOfferOnDay = (
  parties: { userId: Sql; carId: Sql },
  day: { date: Sql; start: Sql },
  dates: readonly LocalDate[],
  context: RuleContext,
  ownerDays: Sql,
): SlotOffer => ({
  ownerDays,
  ...parties,
  actorIsAdministrator: context.actor.isAdministrator,
  days: {
    ...poolDaysOf(dates, context.now, context.calendar, context.timeZone),
    dates: sql`ARRAY[${day.date}]`,
  },
  starts: sql`ARRAY[${day.start}]`,
  releaseMinutes: releaseMinutesOf(context),
});

/** checkSlotOffered(…) is empty, in SQL, for the slot row `alias`; `offer` undefined: no request yet. */
export const slotOfferedSql = (alias: string, offer: SlotOffer | undefined): RawBuilder<boolean> => {
  if (offer === undefined || isEmptyList(offer.starts)) {
    return sql<boolean>`TRUE`;
  }
  const assigned = assignedSlotOfferedSql(alias, offer.userId, offer.days.dates, offer.ownerDays);
  if (offer.actorIsAdministrator) {
    return sql<boolean>`${assigned}`;
  }
  return sql<boolean>`(${assigned} AND ${poolOpenSql(sql.ref(`${alias}.reserved_for_group_id`), offer.userId, offer.days)}
    AND ${accessibleOpenSql(alias, offer.userId, { starts: offer.starts, now: offer.days.now, releaseMinutes: offer.releaseMinutes })}
    AND ${chargerOpenSql(alias, offer.carId)})`;
};
