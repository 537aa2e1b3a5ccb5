import { type Kysely, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import { columnsOf } from '../../platform/db/column-list.ts';
import type { DB } from '../../platform/db/schema.ts';
import { garagesUserMayReserveIn } from '../garages/index.ts';
import { ownBookingOverlapsSql, type ReservationRequest } from '../reservations/index.ts';
import { waitlistJobs } from './jobs.ts';
import { promoteJob } from './promote-waitlist.ts';

/** A draw's loser: its request and the garage it was drawn in. */
export type DrawLoser = ReservationRequest & { garageId: string };

/** Why a loser could not wait: a LONG day, no access to the garage, an own booking or wait at that time. */
export type WaitRefusal =
  | 'NOT_FOR_SERIES'
  | 'NO_GARAGE_ACCESS'
  | 'OVERLAPPING_RESERVATION'
  | 'ALREADY_WAITING';

export type Wait = { entryId: string } | { refused: WaitRefusal };

const rowOf = (loser: DrawLoser, position: number) => ({
  position,
  user_id: loser.userId,
  garage_id: loser.garageId,
  car_id: loser.carId,
  date: loser.date,
  start_time: loser.startTime,
  end_time: loser.endTime,
  starts: loser.start.toISOString(),
  ends: loser.end.toISOString(),
  type: loser.type,
  send_notification: loser.sendNotification,
  reminder_before: loser.reminderBefore ?? '00:15:00',
  created_by: loser.createdBy,
});

/**
 * A draw's losers put on the waitlist of their garage in draw order, in the draw's transaction and one
 * statement: each ranks after everybody waiting before and after the losers drawn before it (rank: the highest
 * there is plus its place in the draw order), so the promotion serves them in draw order. A loser waits where
 * a joined entry could: not a LONG series' day (all or nothing), not without access to the garage, not beside
 * an own booking at that time, not beside an own wait at that time (the exclusion constraint); each of those
 * is answered with why. One promotion of the date is queued, for slots the winners left.
 */
/** What a loser's row carries on from `losers` to `checked` (their times become `during`). */
const LOSER_COLUMNS = columnsOf('l', [
  'position',
  'user_id',
  'garage_id',
  'car_id',
  'date',
  'start_time',
  'end_time',
  'type',
  'send_notification',
  'reminder_before',
  'created_by',
]);

export async function waitInDrawOrder(
  db: Kysely<DB>,
  losers: readonly DrawLoser[],
  now: Date,
): Promise<Wait[]> {
  const [first] = losers;
  if (first === undefined) {
    return [];
  }
  const rows = JSON.stringify(losers.map((loser, index) => rowOf(loser, index + 1)));
  const found = await sql<{ position: number; refused: WaitRefusal | null; entryId: string | null }>`
    WITH losers AS (
      SELECT ${LOSER_COLUMNS}, tstzrange(l.starts, l.ends, '[)') AS during
      FROM jsonb_to_recordset(${rows}::jsonb) AS l(position int, user_id bigint, garage_id bigint, car_id bigint,
        date date, start_time time, end_time time, starts timestamptz, ends timestamptz, type reservation_type,
        send_notification boolean, reminder_before interval, created_by text)),
    checked AS (
      SELECT ${LOSER_COLUMNS}, l.during, CASE
          WHEN l.type = 'LONG' THEN 'NOT_FOR_SERIES' -- checkWaitlistType: a series is not waited for
          WHEN NOT EXISTS (SELECT 1 FROM parking_garages g
            WHERE g.id = l.garage_id AND ${garagesUserMayReserveIn('g', sql`l.user_id`)}) THEN 'NO_GARAGE_ACCESS'
          WHEN ${ownBookingOverlapsSql(sql`l.user_id`, sql`l.during`)} THEN 'OVERLAPPING_RESERVATION'
        END AS refused
      FROM losers l),
    inserted AS (
      INSERT INTO waitlist_entries (user_id, parking_garage_id, car_id, date, start_time, end_time, during,
        reservation_type, send_notification, reminder_before_reservation, created, created_by, rank)
      SELECT c.user_id, c.garage_id, c.car_id, c.date, c.start_time, c.end_time, c.during, c.type,
        c.send_notification, c.reminder_before, ${instant(now)}, c.created_by,
        (SELECT COALESCE(max(w.rank), 0) FROM waitlist_entries w) + c.position
      FROM checked c WHERE c.refused IS NULL ORDER BY c.position
      ON CONFLICT DO NOTHING
      RETURNING id, user_id, during)
    SELECT c.position, COALESCE(c.refused, CASE WHEN i.id IS NULL THEN 'ALREADY_WAITING' END) AS refused,
      i.id::text AS entry_id
    FROM checked c LEFT JOIN inserted i ON i.user_id = c.user_id AND i.during = c.during
    ORDER BY c.position`.execute(db);
  const waits = found.rows.map(
    (row): Wait =>
      row.entryId === null ? { refused: row.refused ?? 'ALREADY_WAITING' } : { entryId: row.entryId },
  );
  if (waits.some((wait) => 'entryId' in wait)) {
    await waitlistJobs.enqueue(db, promoteJob(first.date), now);
  }
  return waits;
}
