import {
  type AssignedSlotDay,
  type AssignedSlotRelease,
  addDays,
  compareDates,
  type LocalDate,
  MAX_LONG_SERIES_DAYS,
  type WorkingCalendar,
  workingCalendar,
  workingDaysBetween,
} from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import { todayIn } from '../../platform/calendar.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { assertNoViolation, business, invalid, type Violation } from '../../platform/violation.ts';
import { settingsQuery } from '../configuration/index.ts';
import {
  type BookedByAnother,
  dayStates,
  deleteReleases,
  insertReleases,
  type OwnSlot,
  slotsAssignedTo,
} from './repository.ts';

/*
 * [Pools] The owner's side of an assigned slot: their next working days on it (the dashboard), giving days back
 * ("Not coming") and taking them back while nobody has booked them. Only the owner acts on their slot: anybody
 * else naming it, and a user with no slot assigned, is 403 PERMISSION_DENIED.
 */

/** How many working days ahead the dashboard shows, today's first. */
export const SCHEDULE_WORKING_DAYS = 10;

type Calendar = { today: LocalDate; calendar: WorkingCalendar };

/** Today in the configured zone and the working calendar (the configured additional days). */
export async function calendarOf(db: Executor, now: Date): Promise<Calendar> {
  const settings = (await settingsQuery().execute(db)).rows[0];
  return {
    today: todayIn(now, settings?.timeZone ?? 'Europe/Budapest'),
    calendar: workingCalendar(settings?.days ?? []),
  };
}

/**
 * The user's slots, or the one named when it is theirs: a slot of somebody else's (or none) named is 403. Named
 * none, a user without a slot gives back and takes back nothing.
 */
async function ownSlots(db: Kysely<DB>, scope: ActorScope, slotId: string | null): Promise<OwnSlot[]> {
  const slots = await slotsAssignedTo(db, scope.userId, slotId);
  if (slotId !== null && slots.length === 0) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
  return slots;
}

/** The slots' days as the owner sees them. */
async function scheduleOf(
  db: Kysely<DB>,
  bookedByAnother: BookedByAnother,
  ownerId: string,
  slots: readonly OwnSlot[],
  dates: readonly LocalDate[],
) {
  const names = new Map(slots.map((slot) => [slot.id, slot.name]));
  const states = await dayStates(
    db,
    bookedByAnother,
    ownerId,
    slots.map((slot) => slot.id),
    dates,
  );
  const days = states.map(
    (day): AssignedSlotDay => ({
      date: day.date,
      parkingSlotInformation: names.get(day.slotId) ?? null,
      assignedDayState: day.assignedDayState,
    }),
  );
  return { value: { hasAssignedSlot: slots.length > 0, days } };
}

/** UserReservationPanel.assignedSlotDays: the next working days of each slot assigned to the actor. */
export async function assignedSlotDays(
  db: Kysely<DB>,
  bookedByAnother: BookedByAnother,
  scope: ActorScope,
  now: Date,
) {
  const slots = await slotsAssignedTo(db, scope.userId, null);
  const { today, calendar } = await calendarOf(db, now);
  const dates = workingDaysBetween(today, addDays(today, 6 * SCHEDULE_WORKING_DAYS), calendar).slice(
    0,
    SCHEDULE_WORKING_DAYS,
  );
  return scheduleOf(db, bookedByAnother, scope.userId, slots, dates);
}

/** The working days of the range, or its violations: not before today, the end not before the start, a year at most. */
const daysOf = (input: AssignedSlotRelease, { today, calendar }: Calendar): LocalDate[] => {
  const { startDate, endDate } = input;
  const violations: Violation[] = [];
  if (compareDates(startDate, today) < 0) {
    violations.push(invalid('startDate', 'DATE_IN_THE_PAST', { min: today }));
  }
  if (compareDates(endDate, startDate) < 0) {
    violations.push(invalid('endDate', 'END_DATE_BEFORE_DATE'));
  } else if (compareDates(endDate, addDays(startDate, MAX_LONG_SERIES_DAYS)) > 0) {
    violations.push(invalid('endDate', 'SERIES_TOO_LONG', { max: addDays(startDate, MAX_LONG_SERIES_DAYS) }));
  }
  assertNoViolation(violations);
  const dates = workingDaysBetween(startDate, endDate, calendar);
  assertNoViolation(dates.length === 0 ? [invalid('endDate', 'NO_WORKING_DAY_IN_RANGE')] : []);
  return dates;
};

export type ReleaseCall = {
  db: Kysely<DB>;
  bookedByAnother: BookedByAnother;
  scope: ActorScope;
  input: AssignedSlotRelease;
  slotId: string | null;
  now: Date;
};

/** UserReservationPanel.releaseAssignedSlot: the working days of the range are offered to others. */
export async function releaseAssignedSlot({ db, bookedByAnother, scope, input, slotId, now }: ReleaseCall) {
  const slots = await ownSlots(db, scope, slotId);
  const dates = daysOf(input, await calendarOf(db, now));
  await insertReleases(
    db,
    scope.userId,
    slots.map((slot) => slot.id),
    dates,
  );
  return scheduleOf(db, bookedByAnother, scope.userId, slots, dates);
}

/**
 * UserReservationPanel.takeBackAssignedSlot: the working days of the range are the owner's again, all or none,
 * while nobody has booked any of them (422 ASSIGNED_DAY_BOOKED naming the booked days otherwise).
 */
export async function takeBackAssignedSlot({ db, bookedByAnother, scope, input, slotId, now }: ReleaseCall) {
  const slots = await ownSlots(db, scope, slotId);
  const dates = daysOf(input, await calendarOf(db, now));
  const booked = await deleteReleases(
    db,
    bookedByAnother,
    scope.userId,
    slots.map((slot) => slot.id),
    dates,
  );
  assertNoViolation(
    booked.length === 0
      ? []
      : [
          business(
            'ASSIGNED_DAY_BOOKED',
            'A colleague has booked your slot on a day given back: it can no longer be taken back',
            { dates: booked },
          ),
        ],
  );
  return scheduleOf(db, bookedByAnother, scope.userId, slots, dates);
}
