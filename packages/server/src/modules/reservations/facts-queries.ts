import { type Kysely, type RawBuilder, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import { answeredRow } from '../../platform/db/answered-row.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { assignedSlotJsonSql } from '../assigned-slots/index.ts';
import { settingsQuery } from '../configuration/index.ts';
import { garagesUserMayReserveIn } from '../garages/index.ts';
import { effectiveRuleSql, poolSql } from '../groups/index.ts';
import type { FactsRow, Parties } from './reservation-facts.ts';
import { horizonOfSql } from './rule-environment.ts';
import { garageDrawDaysSql, isEffectivelyActiveSql, type UpcomingCounts } from './rules/index.ts';

/*
 * The parties of a create and the rule settings in one row (`FactsRow`). A quota count, when a quota applies,
 * follows it in the same transaction: it must run after the owner's row lock was granted, so that concurrent
 * creates of one user count their quotas one after the other (a statement's snapshot is taken before its own
 * locks are). The slot itself is guarded by the exclusion constraint, not by a lock. Each query is written
 * once, over the parties as SQL: one create's parameters, or the rows of many served at once (serveOnSlots).
 */

type Sql = RawBuilder<unknown>;

/** The parties as SQL expressions. */
type PartiesSql = { userId: Sql; carId: Sql; slotId: Sql };

const parametersOf = ({ userId, carId, slotId }: Parties): PartiesSql => ({
  userId: sql`${userId}::bigint`,
  carId: sql`${carId}::bigint`,
  slotId: sql`${slotId}::bigint`,
});

/** The parties of many, as the columns of `p` (the recordset of `inGivenOrder`). */
const PARTY_COLUMNS: PartiesSql = { userId: sql`p.user_id`, carId: sql`p.car_id`, slotId: sql`p.slot_id` };

/**
 * One statement for many items, in the order given: `statement` reads them from the JSON it is handed (as
 * `jsonb_to_recordset`), each item's `columns` numbered `i` in that order, and answers one row for each,
 * ordered by `i`. No items, no round trip.
 */
async function inGivenOrder<Item, Row>(
  db: Kysely<DB>,
  items: readonly Item[],
  columns: (item: Item) => Record<string, unknown>,
  statement: (json: string) => RawBuilder<Row>,
): Promise<Row[]> {
  if (items.length === 0) {
    return [];
  }
  const json = JSON.stringify(items.map((item, index) => ({ i: index, ...columns(item) })));
  return (await statement(json).execute(db)).rows;
}

/**
 * The rule settings and the parties in one row; `lockOwner` locks the owner's row for a quota count. The
 * owner's horizon and quotas are their effective ones (the most generous of their groups', modules/groups).
 */
const factsQuery = ({ userId, carId, slotId }: PartiesSql, lockOwner: boolean) =>
  settingsQuery(sql`
    (SELECT json_build_object('id', u.id::text, 'isActive', u.is_active,
        'isNormalReservation', u.is_normal_reservation, 'isQuickReservation', u.is_quick_reservation,
        'isGuestReservation', u.is_guest_reservation, 'isLongReservation', u.is_long_reservation,
        'maxNormalReservation', ${effectiveRuleSql('maxNormalReservation', sql`u.id`, sql`u.max_normal_reservation`)},
        'maxGuestReservation', u.max_guest_reservation,
        'maxLongReservation', ${effectiveRuleSql('maxLongReservation', sql`u.id`, sql`u.max_long_reservation`)},
        'maxDaysInAdvance', ${horizonOfSql(sql`u.id`)}, 'hasAccessibilityPermit', u.has_accessibility_permit)
      FROM (SELECT id, is_active, is_normal_reservation, is_quick_reservation, is_guest_reservation,
          is_long_reservation, max_normal_reservation, max_guest_reservation, max_long_reservation,
          has_accessibility_permit
        FROM users WHERE id = ${userId} ${lockOwner ? sql`FOR UPDATE` : sql``}) u) AS owner,
    (SELECT json_build_object('ownerId', car.user_id::text, 'isArchived', car.is_archived,
        'licensePlate', car.license_plate, 'isElectric', car.is_electric)
      FROM cars car WHERE car.id = ${carId}) AS car,
    (SELECT json_build_object('isActive', s.is_active, 'isExclusive', s.is_exclusive,
        'garageIsActive', g.is_active, 'isAccessible', s.is_accessible, 'hasCharger', s.has_charger,
        'pool', ${poolSql(sql`s.reserved_for_group_id`, userId)},
        'draw', ${garageDrawDaysSql('g')},
        'assigned', ${assignedSlotJsonSql('s')},
        'garageIsAccessed', EXISTS (SELECT 1 FROM user_accessed_garages ua
          WHERE ua.user_id = ${userId} AND ua.parking_garage_id = s.parking_garage_id))
      FROM parking_slots s JOIN parking_garages g ON g.id = s.parking_garage_id WHERE s.id = ${slotId}) AS slot,
    (SELECT coalesce(json_agg(json_build_object('startDate', to_char(h.start_date, 'YYYY-MM-DD'),
        'endDate', to_char(h.end_date, 'YYYY-MM-DD')) ORDER BY h.start_date), '[]'::json)
      FROM holidays h WHERE h.user_id = ${userId}) AS holidays,
    EXISTS (SELECT 1 FROM parking_garages g WHERE ${garagesUserMayReserveIn('g', userId)}) AS owner_has_garage`);

/**
 * True while the owner is active: a condition of every insert of reservations. Its lock waits for a leaving
 * under way (which holds the user's row) and then reads the row as the leaving left it, so a create racing the
 * owner's deactivation either commits first (and the leaving deletes it) or finds them gone; the statement's
 * snapshot, taken before, would still see them active. FOR KEY SHARE: the lock the insert's foreign key takes
 * on that row anyway. (serveOnSlots holds its owners' rows locked since it read them, which does the same.)
 */
export const ownerStaysActive = (userId: string) =>
  sql<boolean>`coalesce((SELECT u.is_active FROM users u WHERE u.id = ${userId} FOR KEY SHARE), false)`;

/**
 * Refuses what the owner would hold after they left (a wait, a draw request): ownerStaysActive's lock, kept
 * until the caller's transaction ends. A leaving under way is waited for and then found (403
 * ACCOUNT_DEACTIVATED, nothing written); one that starts later waits for this transaction, and its hooks then
 * remove what it wrote. Without it the insert's foreign key would wait too, but then insert for a leaver.
 */
export async function assertOwnerStaysActive(db: Executor, userId: string): Promise<void> {
  const found = await sql<{ active: boolean }>`SELECT ${ownerStaysActive(userId)} AS active`.execute(db);
  if (!answeredRow(found, 'a select answers one row').active) {
    throw new ForbiddenError('ACCOUNT_DEACTIVATED');
  }
}

/** True when the stored facts are still `row`: a condition of a statement that relies on them. */
export const factsHold = (parties: Parties, row: FactsRow) =>
  sql<boolean>`((SELECT to_jsonb(f) FROM (${factsQuery(parametersOf(parties), false)}) f) = ${JSON.stringify(row)}::jsonb)`;

export async function readFactsRow(db: Kysely<DB>, parties: Parties, lockOwner: boolean): Promise<FactsRow> {
  const found = await sql<{ facts: FactsRow }>`SELECT to_jsonb(f) AS facts
    FROM (${factsQuery(parametersOf(parties), lockOwner)}) f`.execute(db);
  return answeredRow(found, 'the settings query answers one row').facts;
}

/**
 * The facts rows of many parties in one statement, in the order given; `lockOwner` locks the owners in that
 * order (give them by owner, so two such statements never wait for each other crosswise).
 */
export async function readFactsRows(
  db: Kysely<DB>,
  parties: readonly Parties[],
  lockOwner: boolean,
): Promise<FactsRow[]> {
  const found = await inGivenOrder(
    db,
    parties,
    (party) => ({ user_id: party.userId, car_id: party.carId, slot_id: party.slotId }),
    (json) => sql<{ facts: FactsRow }>`SELECT
      (SELECT to_jsonb(f) FROM (${factsQuery(PARTY_COLUMNS, lockOwner)}) f) AS facts
    FROM jsonb_to_recordset(${json}::jsonb) AS p(i int, user_id bigint, car_id bigint, slot_id bigint)
    ORDER BY p.i`,
  );
  return found.map((row) => row.facts);
}

/** An owner whose quota is counted, and the LONG series a create adds days to (which is not one held). */
export type QuotaOwner = { ownerId: string; joining: string | null };

/**
 * The quota count of `upcomingCounts` in SQL, for each owner given, in that order: ACTIVE and not ended, a
 * LONG series once; and beside them the owner's PENDING requests of the fair draw not ended, which hold a
 * place just as a booking does (its draw_requests table is modules/draw's; a request's series shares its
 * series_id). `joining`: the series a create adds days to, which is the one asked for, not one held.
 */
export async function countUpcomingOf(
  db: Kysely<DB>,
  owners: readonly QuotaOwner[],
  now: Date,
): Promise<UpcomingCounts[]> {
  const counted = (json: string) => sql<{ normal: string; guest: string; longSeries: string }>`SELECT
      count(*) FILTER (WHERE h.reservation_type = 'NORMAL') AS normal,
      count(*) FILTER (WHERE h.reservation_type = 'GUEST') AS guest,
      count(DISTINCT h.series_id) FILTER (WHERE h.reservation_type = 'LONG'
        AND h.series_id IS DISTINCT FROM p.joining) AS long_series
    FROM jsonb_to_recordset(${json}::jsonb) AS p(i int, owner_id bigint, joining uuid)
      LEFT JOIN LATERAL (SELECT r.reservation_type, r.series_id FROM reservations r
          WHERE r.owner_id = p.owner_id AND ${isEffectivelyActiveSql('r', now)}
        UNION ALL
        SELECT d.reservation_type, d.series_id FROM draw_requests d
          WHERE d.user_id = p.owner_id AND d.draw_status = 'PENDING'
            AND upper(d.during) > ${instant(now)}) h ON TRUE
    GROUP BY p.i
    ORDER BY p.i`;
  const found = await inGivenOrder(
    db,
    owners,
    (owner) => ({ owner_id: owner.ownerId, joining: owner.joining }),
    counted,
  );
  return found.map((row) => ({
    normal: Number(row.normal),
    guest: Number(row.guest),
    longSeries: Number(row.longSeries),
  }));
}

/** One owner's quota count (countUpcomingOf). */
export async function countUpcoming(
  db: Kysely<DB>,
  ownerId: string,
  now: Date,
  joining: string | null = null,
): Promise<UpcomingCounts> {
  const [counts] = await countUpcomingOf(db, [{ ownerId, joining }], now);
  return counts ?? { normal: 0, guest: 0, longSeries: 0 };
}
