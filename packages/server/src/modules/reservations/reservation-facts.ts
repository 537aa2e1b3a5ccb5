import { type Kysely, sql } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type RuleSettings, ruleContextOf, settingsQuery } from './rule-environment.ts';
import {
  type CarFacts,
  isEffectivelyActiveSql,
  type ReservationOwner,
  type RuleContext,
  type SlotFacts,
  type UpcomingCounts,
} from './rules/index.ts';

/*
 * What the rules need to know about the parties of a reservation. Every statement is a round trip, so the
 * rule settings and the parties are one row (`FactsRow`). A quota count, when a quota applies, follows it in
 * the same transaction: it must run after the owner's row lock was granted, so that concurrent creates of one
 * user count their quotas one after the other (a statement's snapshot is taken before its own locks are). The
 * slot itself is guarded by the exclusion constraint, not by a lock.
 */

export type CreateFacts = {
  context: RuleContext;
  owner: ReservationOwner | null;
  car: (CarFacts & { licensePlate: string }) | null;
  /** `garageIsAccessed`: the owner (not the actor) may reserve in the slot's garage. */
  slot: SlotFacts | null;
};

export type Parties = { userId: string | null; carId: string | null; slotId: string | null };

/**
 * The facts row as one JSON value: what the rules are applied to, and what a create's insert compares with
 * the stored facts (`factsHold`) when it planned with remembered ones.
 */
export type FactsRow = Record<string, unknown>;

/** The rule settings and the parties in one row; `lockOwner` locks the owner's row for a quota count. */
const factsQuery = ({ userId, carId, slotId }: Parties, lockOwner: boolean) =>
  settingsQuery(sql`
    (SELECT json_build_object('id', u.id::text, 'isActive', u.is_active,
        'isNormalReservation', u.is_normal_reservation, 'isQuickReservation', u.is_quick_reservation,
        'isGuestReservation', u.is_guest_reservation, 'isLongReservation', u.is_long_reservation,
        'maxNormalReservation', u.max_normal_reservation, 'maxGuestReservation', u.max_guest_reservation,
        'maxLongReservation', u.max_long_reservation)
      FROM (SELECT * FROM users WHERE id = ${userId} ${lockOwner ? sql`FOR UPDATE` : sql``}) u) AS owner,
    (SELECT json_build_object('ownerId', car.user_id::text, 'isArchived', car.is_archived,
        'licensePlate', car.license_plate)
      FROM cars car WHERE car.id = ${carId}) AS car,
    (SELECT json_build_object('isActive', s.is_active, 'isExclusive', s.is_exclusive,
        'garageIsActive', g.is_active,
        'garageIsAccessed', EXISTS (SELECT 1 FROM user_accessed_garages ua
          WHERE ua.user_id = ${userId} AND ua.parking_garage_id = s.parking_garage_id))
      FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id WHERE s.id = ${slotId}) AS slot`);

/** True when the stored facts are still `row`: a condition of a statement that relies on them. */
export const factsHold = (parties: Parties, row: FactsRow) =>
  sql<boolean>`((SELECT to_jsonb(f) FROM (${factsQuery(parties, false)}) f) = ${JSON.stringify(row)}::jsonb)`;

export async function readFactsRow(db: Kysely<DB>, parties: Parties, lockOwner: boolean): Promise<FactsRow> {
  const found = await sql<{ facts: FactsRow }>`SELECT to_jsonb(f) AS facts
    FROM (${factsQuery(parties, lockOwner)}) f`.execute(db);
  const row = found.rows[0];
  if (row === undefined) {
    throw new Error('the settings query answers one row');
  }
  return row.facts;
}

/** What the rules see of a facts row. */
export function createFactsOf(row: FactsRow, scope: ActorScope, now: Date): CreateFacts {
  const settings = {
    timeZone: (row.time_zone as string | null) ?? null,
    maxDaysInAdvance: (row.max_days_in_advance as number | null) ?? null,
    days: (row.days as RuleSettings['days']) ?? [],
  };
  return {
    context: ruleContextOf(settings, scope, now),
    owner: (row.owner as CreateFacts['owner']) ?? null,
    car: (row.car as CreateFacts['car']) ?? null,
    slot: (row.slot as CreateFacts['slot']) ?? null,
  };
}

/** The quota count of `upcomingCounts` in SQL: ACTIVE and not ended, a LONG series once. */
export async function countUpcoming(db: Kysely<DB>, ownerId: string, now: Date): Promise<UpcomingCounts> {
  const found = await sql<{ normal: string; guest: string; longSeries: string }>`SELECT
      count(*) FILTER (WHERE reservation_type = 'NORMAL') AS normal,
      count(*) FILTER (WHERE reservation_type = 'GUEST') AS guest,
      count(DISTINCT series_id) FILTER (WHERE reservation_type = 'LONG') AS long_series
    FROM reservations r
    WHERE r.owner_id = ${ownerId} AND ${isEffectivelyActiveSql('r', now)}`.execute(db);
  const row = found.rows[0];
  return {
    normal: Number(row?.normal ?? 0),
    guest: Number(row?.guest ?? 0),
    longSeries: Number(row?.longSeries ?? 0),
  };
}
