import {
  addDays,
  DEFAULT_RESERVATION_HORIZON_DAYS,
  defaultCar,
  defaultEndTime,
  defaultStartTime,
  type LocalDate,
  type LocalTime,
  minutesOf,
  nextWorkingDay,
  type ReservationInputDefaults,
  type ReservationInputState,
  type ReservationInputUser,
  reservationInputDefaults,
  reservationInputState,
  type WallClock,
  type WorkingCalendar,
  wallClockAt,
} from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { orNotFound } from '../../platform/errors.ts';
import { reservableFreeSlot, templateUser, usableCars } from './repository.ts';
import { loadRuleContext } from './rule-environment.ts';
import { reservationDays, reservationIntervals } from './rules/index.ts';

/** The shortest reservation DESIGN §4 allows: a today whose default interval is shorter is over. */
const MIN_DURATION_MINUTES = 30;

/**
 * The actor's defaults of SPEC §5 with one correction: when today's default interval cannot hold a reservation
 * any more (late in the evening), the form opens on the next working day.
 */
export const templateDefaults = (input: {
  user: ReservationInputUser;
  isAdmin: boolean;
  now: WallClock;
  calendar: WorkingCalendar;
}): ReservationInputDefaults => {
  const defaults = reservationInputDefaults(input);
  const length = minutesOf(defaults.endTime) - minutesOf(defaults.startTime);
  if (defaults.date !== input.now.date || length >= MIN_DURATION_MINUTES) {
    return defaults;
  }
  const date: LocalDate = nextWorkingDay(input.now.date, input.calendar) ?? addDays(input.now.date, 1);
  const startTime = defaultStartTime(date, input.now, input.user.startOfWorkingTime);
  return {
    ...defaults,
    date,
    endDate: defaults.reservationType === 'LONG' ? date : null,
    startTime,
    endTime: defaultEndTime(startTime, input.user.endOfWorkingTime),
  };
};

export type ReservationInputTemplate = ReservationInputDefaults &
  ReservationInputState & {
    userId: string;
    carId: string | null;
    parkingSlotId: string | null;
    /** The configured horizon: the form's date maximum for a non-administrator's NORMAL and GUEST. */
    maxDaysInAdvance: number;
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
  const context = await loadRuleContext(db, scope, now);
  const row = orNotFound(await templateUser(db, scope.userId));
  const wallClock = wallClockAt(now, context.timeZone);
  const defaults = templateDefaults({
    user: row,
    isAdmin: scope.isAdministrator,
    now: wallClock,
    calendar: context.calendar,
  });
  const cars = await usableCars(db, scope.userId);
  const parkingSlotId = await freePreferredSlot(db, scope, row.preferredParkingSlotId, defaults, context);
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
    carId: defaultCar(cars)?.id ?? null,
    parkingSlotId,
    maxDaysInAdvance: context.horizonDays ?? DEFAULT_RESERVATION_HORIZON_DAYS,
  };
}

/** The preferred slot only when the free-slot range would offer it for the default date and times. */
async function freePreferredSlot(
  db: Kysely<DB>,
  scope: ActorScope,
  slotId: string | null,
  defaults: ReservationInputDefaults,
  context: { calendar: WorkingCalendar; timeZone: string },
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
  return reservableFreeSlot(db, scope, slotId, intervals);
}
