import {
  type Interval,
  intervalOf,
  type LocalDate,
  type LocalTime,
  type WalkInInput,
  wallClockAt,
} from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import { type Operations, relationId } from '../../engine/registry.ts';
import { inputForm, ref, type Sql } from '../../engine/source.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { assertNoViolation, invalid, type Violation } from '../../platform/violation.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { doormanGarages } from '../garages/index.ts';
import { checkDuration, checkSlot, freeOn, insertWalkIn } from '../reservations/index.ts';

/*
 * A walk-in guest (issue 31 §3): someone arrives without a reservation and the doorman records their name and
 * plate into a free slot of the doorman's garage, from the current minute to the end of today or a chosen end.
 * It is a GUEST reservation of the doorman, checked in at once. The rules of a create that concern the slot
 * and the times hold (an active slot, not exclusive unless an administrator records it, end after start and
 * at least 30 minutes, the exclusion constraint's 409 for a taken slot); the doorman's garages stand in for
 * the garages a user may reserve in. The owner's type flags and quotas do not: the doorman records a duty,
 * not a booking of their own.
 */

/** Where a walk-in ends when the doorman names no end: the last minute of the day. */
export const WALK_IN_DAY_END: LocalTime = '23:59:00';

type WalkInTimes = { date: LocalDate; startTime: LocalTime; endTime: LocalTime; interval: Interval | null };

/**
 * Today from the current minute (the configured wall clock) to `endTime`, or the day's end. No interval for an
 * end not after the start: checkDuration refuses it, and the range offers nothing for it.
 */
export function walkInTimes(now: Date, timeZone: string, endTime: LocalTime | null | undefined): WalkInTimes {
  const clock = wallClockAt(now, timeZone);
  const startTime = `${clock.time.slice(0, 5)}:00`;
  const end = endTime ?? WALK_IN_DAY_END;
  return {
    date: clock.date,
    startTime,
    endTime: end,
    interval: end > startTime ? intervalOf(clock.date, startTime, end, timeZone) : null,
  };
}

/** The slots the actor guards: those of their garages, any garage's for an administrator. */
const guardedBy = (garage: Sql, scope: ActorScope): Sql =>
  scope.isAdministrator ? sql`TRUE` : doormanGarages(garage, scope);

type WalkInDraft = { interval?: Interval | null };

/** WalkInInput.parkingSlot `~range`: active slots of the actor's garages free from now to the chosen end. */
export const walkInInputSource = inputForm('WalkInInput', {
  parkingSlot: {
    prepareDraft: async (db, scope, draft): Promise<WalkInDraft> => {
      const { timeZone } = await loadMailSettings(db);
      const endTime = typeof draft.endTime === 'string' && draft.endTime !== '' ? draft.endTime : null;
      return { interval: walkInTimes(scope.now, timeZone, endTime).interval };
    },
    range: (_owner, alias, scope, _draft, values) => {
      const { interval } = (values ?? {}) as WalkInDraft;
      return sql`(${ref(alias, 'is_active')}
        AND (${scope.isAdministrator ? sql`TRUE` : sql`NOT ${ref(alias, 'is_exclusive')}`})
        AND (SELECT g.is_active FROM parking_garages g WHERE g.id = ${ref(alias, 'parking_garage_id')})
        AND ${guardedBy(ref(alias, 'parking_garage_id'), scope)}
        AND ${interval == null ? sql`FALSE` : freeOn(alias, [interval])})`;
    },
  },
});

/** The slot as a create's rule sees it, "accessed" meaning guarded by the actor; null when there is none. */
async function slotFacts(db: Kysely<DB>, slotId: string, scope: ActorScope) {
  const found = await sql<{
    isActive: boolean;
    isExclusive: boolean;
    garageIsActive: boolean;
    garageIsAccessed: boolean;
  }>`SELECT s.is_active, s.is_exclusive, g.is_active AS garage_is_active,
      ${guardedBy(sql`s.parking_garage_id`, scope)} AS garage_is_accessed
    FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id
    WHERE s.id = ${slotId}`.execute(db);
  return found.rows[0] ?? null;
}

/** DoormanArrivals.recordWalkIn: the checks above, then the checked-in GUEST reservation; its id. */
export async function recordWalkIn(
  db: Kysely<DB>,
  call: { scope: ActorScope; now: Date; input: WalkInInput; slotId: string | null },
): Promise<{ id: string }> {
  const { scope, now, input } = call;
  if (!scope.isDoorman && !scope.isAdministrator) {
    throw new ForbiddenError('PERMISSION_DENIED');
  }
  const guestName = (input.guestName ?? '').trim();
  const plate = (input.guestLicensePlate ?? '').trim().toUpperCase();
  const { timeZone } = await loadMailSettings(db);
  const times = walkInTimes(now, timeZone, input.endTime ?? null);
  const slot = call.slotId === null ? null : await slotFacts(db, call.slotId, scope);
  const violations: Violation[] = [
    ...(guestName === '' ? [invalid('guestName', 'MISSING_REQUIRED_ATTRIBUTE')] : []),
    ...(plate === '' ? [invalid('guestLicensePlate', 'MISSING_REQUIRED_ATTRIBUTE')] : []),
    ...checkSlot(slot, { userId: scope.userId, isAdministrator: scope.isAdministrator }),
    ...checkDuration(times.date, times.startTime, times.endTime, timeZone),
  ];
  assertNoViolation(violations);
  if (call.slotId === null || times.interval === null) {
    throw new Error('a walk-in without a slot or an interval passed its checks');
  }
  const id = await insertWalkIn(db, {
    ownerId: scope.userId,
    doormanEmail: scope.email,
    slotId: call.slotId,
    guestName,
    guestLicensePlate: plate,
    ...times,
    interval: times.interval,
    now,
  });
  return { id };
}

export const walkInOperations = {
  'DoormanArrivals.recordWalkIn': {
    handle: (call) =>
      recordWalkIn(call.db, {
        scope: call.scope,
        now: call.now,
        input: call.input,
        slotId: relationId(call, 'parkingSlot'),
      }),
    leavesActorsAndSettings: true,
  },
} satisfies Partial<Operations>;
