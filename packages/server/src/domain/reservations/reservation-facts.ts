import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ActorScope } from '../policy.ts';
import type {
  CarFacts,
  ReservationOwner,
  RuleContext,
  SlotFacts,
  UpcomingCounts,
} from '../reservation-rules/index.ts';
import { ruleContextOf, settingsQuery } from './rule-environment.ts';

/*
 * What the rules need to know about the parties of a reservation, read in the operation's transaction.
 * Every statement is a round trip, so a create reads its context and parties in one statement; only the quota
 * count, when a quota applies, follows it: it must run after the owner's row lock was granted, so that
 * concurrent creates of one user count their quotas one after the other (a statement's snapshot is taken
 * before its own locks are). The slot itself is guarded by the exclusion constraint, not by a lock.
 */

export type CreateFacts = {
  context: RuleContext;
  owner: ReservationOwner | null;
  car: (CarFacts & { licensePlate: string }) | null;
  /** `garageIsAccessed`: the owner (not the actor) may reserve in the slot's garage. */
  slot: SlotFacts | null;
};

export async function readCreateFacts(
  db: Kysely<DB>,
  request: {
    scope: ActorScope;
    now: Date;
    userId: string | null;
    carId: string | null;
    slotId: string | null;
    /** Lock the owner's row for the quota count that follows. */
    lockOwner: boolean;
  },
): Promise<CreateFacts> {
  const { userId, carId, slotId } = request;
  const parties = sql`
    (SELECT json_build_object('id', u.id::text, 'isActive', u.is_active,
        'isNormalReservation', u.is_normal_reservation, 'isQuickReservation', u.is_quick_reservation,
        'isGuestReservation', u.is_guest_reservation, 'isLongReservation', u.is_long_reservation,
        'maxNormalReservation', u.max_normal_reservation, 'maxGuestReservation', u.max_guest_reservation,
        'maxLongReservation', u.max_long_reservation)
      FROM (SELECT * FROM users WHERE id = ${userId} ${request.lockOwner ? sql`FOR UPDATE` : sql``}) u) AS owner,
    (SELECT json_build_object('ownerId', car.user_id::text, 'isArchived', car.is_archived,
        'licensePlate', car.license_plate)
      FROM cars car WHERE car.id = ${carId}) AS car,
    (SELECT json_build_object('isActive', s.is_active, 'isExclusive', s.is_exclusive,
        'garageIsActive', g.is_active,
        'garageIsAccessed', EXISTS (SELECT 1 FROM user_accessed_garages ua
          WHERE ua.user_id = ${userId} AND ua.parking_garage_id = s.parking_garage_id))
      FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id WHERE s.id = ${slotId}) AS slot`;
  const found = await settingsQuery<Omit<CreateFacts, 'context'>>(parties).execute(db);
  const row = found.rows[0];
  if (row === undefined) {
    throw new Error('the settings query answers one row');
  }
  return {
    context: ruleContextOf(row, request.scope, request.now),
    owner: row.owner ?? null,
    car: row.car ?? null,
    slot: row.slot ?? null,
  };
}

/** The quota count of `upcomingCounts` in SQL: ACTIVE and not ended, a LONG series once. */
export async function countUpcoming(db: Kysely<DB>, ownerId: string, now: Date): Promise<UpcomingCounts> {
  const found = await sql<{ normal: string; guest: string; longSeries: string }>`SELECT
      count(*) FILTER (WHERE reservation_type = 'NORMAL') AS normal,
      count(*) FILTER (WHERE reservation_type = 'GUEST') AS guest,
      count(DISTINCT series_id) FILTER (WHERE reservation_type = 'LONG') AS long_series
    FROM reservations
    WHERE owner_id = ${ownerId} AND reservation_status = 'ACTIVE'
      AND upper(during) > ${now.toISOString()}::timestamptz`.execute(db);
  const row = found.rows[0];
  return {
    normal: Number(row?.normal ?? 0),
    guest: Number(row?.guest ?? 0),
    longSeries: Number(row?.longSeries ?? 0),
  };
}
