import {
  compareDates,
  DEFAULT_RESERVATION_HORIZON_DAYS,
  defaultCar,
  formatDayOverrides,
  type LocalTime,
  type ReservationInputDefaults,
  type ReservationInputState,
  reservationInputDefaults,
  reservationInputState,
  wallClockAt,
} from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { orNotFound } from '../../platform/errors.ts';
import { type RuleSettings, settingsQuery } from '../configuration/index.ts';
import { templateUser, usableCars } from './repository.ts';
import { horizonOfSql, ruleContextOf } from './rule-environment.ts';
import { type RuleContext, reservationDays, reservationIntervals, slotOfferOf } from './rules/index.ts';
import { reservableFreeSlot } from './slot-queries.ts';

/**
 * The actor's defaults of SPEC §5 (the contract's, which the form computes the same way): a quick user before
 * noon starts at 12:00, and once today's working time is over the form opens on the next working day.
 */
export const templateDefaults = reservationInputDefaults;

export type ReservationInputTemplate = ReservationInputDefaults &
  ReservationInputState & {
    userId: string;
    carId: string | null;
    parkingSlotId: string | null;
    /** The actor's horizon (their groups', else the configured one): the form's date maximum for NORMAL and GUEST. */
    maxDaysInAdvance: number;
    /** The additional days from today on, as `formatDayOverrides` writes them: the picker's calendar. */
    additionalDays: string;
    /** Whom to ask for garage access; null when the configuration names nobody. */
    contactEmail: string | null;
  };

/**
 * `ReservationInput ~template` for the actor (the form's user is always themself at first): their first
 * allowed type and default times, their default car, and their preferred slot when it is free for those times.
 */
export async function reservationInputTemplate(
  db: Kysely<DB>,
  scope: ActorScope,
  now: Date,
): Promise<ReservationInputTemplate> {
  // The settings with the contact address and the actor's horizon (their groups') in one read: the rules'
  // context and what the form is told of it.
  const found = await settingsQuery<{ contactEmail: string | null; ownHorizon: number }>(
    sql`c.contact_email, ${horizonOfSql(sql`${scope.userId}::bigint`)} AS own_horizon`,
  ).execute(db);
  const read = found.rows[0];
  const settings = {
    timeZone: read?.timeZone ?? null,
    maxDaysInAdvance: read?.ownHorizon ?? null,
    accessibleSlotReleaseMinutes: read?.accessibleSlotReleaseMinutes ?? null,
    days: read?.days ?? [],
    contactEmail: read?.contactEmail ?? null,
  };
  const context = ruleContextOf(settings satisfies RuleSettings, scope, now);
  const row = orNotFound(await templateUser(db, scope.userId));
  const wallClock = wallClockAt(now, context.timeZone);
  const defaults = templateDefaults({
    user: row,
    isAdmin: scope.isAdministrator,
    now: wallClock,
    calendar: context.calendar,
  });
  const cars = await usableCars(db, scope.userId);
  const carId = defaultCar(cars)?.id ?? null;
  const parkingSlotId = await freePreferredSlot(db, scope, row.preferredParkingSlotId, defaults, {
    context,
    carId,
  });
  const state = reservationInputState({
    user: row,
    isAdmin: scope.isAdministrator,
    now: wallClock,
    type: defaults.reservationType,
    date: defaults.date,
    startTime: defaults.startTime,
    sendNotification: defaults.sendNotification,
    parkingSlot: null,
  });
  return {
    ...defaults,
    ...state,
    userId: scope.userId,
    carId,
    parkingSlotId,
    maxDaysInAdvance: context.horizonDays ?? DEFAULT_RESERVATION_HORIZON_DAYS,
    additionalDays: formatDayOverrides(
      settings.days.filter((day) => compareDates(day.day, wallClock.date) >= 0).slice(0, 200),
    ),
    contactEmail: settings.contactEmail ?? null,
  };
}

/** The preferred slot only when the free-slot range would offer it for the default date and times. */
async function freePreferredSlot(
  db: Kysely<DB>,
  scope: ActorScope,
  slotId: string | null,
  defaults: ReservationInputDefaults,
  { context, carId }: { context: RuleContext; carId: string | null },
): Promise<string | null> {
  if (slotId === null || defaults.reservationType === null) {
    return null;
  }
  const days = reservationDays(
    { type: defaults.reservationType, date: defaults.date, endDate: defaults.endDate ?? defaults.date },
    context.calendar,
  );
  const intervals = reservationIntervals(
    days,
    defaults.startTime as LocalTime,
    defaults.endTime as LocalTime,
    context.timeZone,
  );
  // Offered to the template's request too (its user, its default car: slot-offered.ts).
  const offer = slotOfferOf(
    {
      userId: sql`${scope.userId}::bigint`,
      carId: sql`${defaults.reservationType === 'GUEST' ? null : carId}::bigint`,
    },
    intervals,
    context,
  );
  return reservableFreeSlot(db, scope, slotId, intervals, offer);
}
