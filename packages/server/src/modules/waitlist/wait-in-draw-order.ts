import { type Kysely, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ownOverlappingReservation, type ReservationRequest } from '../reservations/index.ts';
import { waitlistJobs } from './jobs.ts';
import { promoteJob } from './promote-waitlist.ts';
import { mayWaitIn } from './repository.ts';
import { checkWaitlistType } from './waitlist-rules.ts';

/** A draw's loser: its request and the garage it was drawn in. */
export type DrawLoser = ReservationRequest & { garageId: string };

/** Why a loser could not wait: a LONG day, no access to the garage, an own booking or wait at that time. */
export type WaitRefusal =
  | 'NOT_FOR_SERIES'
  | 'NO_GARAGE_ACCESS'
  | 'OVERLAPPING_RESERVATION'
  | 'ALREADY_WAITING';

/**
 * A WAITING entry for the loser, ranked after every entry there is (the next rank, migration 0020), or null
 * when the exclusion constraint finds the owner already waiting at an overlapping time.
 */
async function insertRanked(db: Kysely<DB>, loser: DrawLoser, now: Date): Promise<string | null> {
  const inserted = await sql<{ id: string }>`INSERT INTO waitlist_entries (user_id, parking_garage_id, car_id,
      date, start_time, end_time, during, reservation_type, send_notification, reminder_before_reservation,
      created, created_by, rank)
    VALUES (${loser.userId}::bigint, ${loser.garageId}::bigint, ${loser.carId}::bigint, ${loser.date}::date,
      ${loser.startTime}::time, ${loser.endTime}::time,
      tstzrange(${instant(loser.start)}, ${instant(loser.end)}, '[)'), ${loser.type}::reservation_type,
      ${loser.sendNotification}, ${loser.reminderBefore ?? '00:15:00'}::interval, ${instant(now)},
      ${loser.createdBy}, (SELECT COALESCE(max(rank), 0) + 1 FROM waitlist_entries))
    ON CONFLICT DO NOTHING
    RETURNING id::text AS id`.execute(db);
  return inserted.rows[0]?.id ?? null;
}

/**
 * A draw's losers put on the waitlist of their garage in draw order, in the draw's transaction: each ranks
 * after everybody waiting before it and after the losers drawn before it, so the promotion serves them in
 * draw order. A loser waits where a joined entry could: not a LONG series' day (all or nothing), not without
 * access to the garage, not beside an own booking or wait at that time; each of those is answered with why.
 * One promotion of the date is queued, for slots the winners left.
 */
export async function waitInDrawOrder(
  db: Kysely<DB>,
  losers: readonly DrawLoser[],
  now: Date,
): Promise<({ entryId: string } | { refused: WaitRefusal })[]> {
  const answers: ({ entryId: string } | { refused: WaitRefusal })[] = [];
  for (const loser of losers) {
    answers.push(await waitFor(db, loser, now));
  }
  const [first] = losers;
  if (first !== undefined && answers.some((answer) => 'entryId' in answer)) {
    await waitlistJobs.enqueue(db, promoteJob(first.date), now);
  }
  return answers;
}

async function waitFor(
  db: Kysely<DB>,
  loser: DrawLoser,
  now: Date,
): Promise<{ entryId: string } | { refused: WaitRefusal }> {
  if (checkWaitlistType(loser.type).length > 0) {
    return { refused: 'NOT_FOR_SERIES' };
  }
  if (!(await mayWaitIn(db, loser.userId, loser.garageId))) {
    return { refused: 'NO_GARAGE_ACCESS' };
  }
  if ((await ownOverlappingReservation(db, loser.userId, [loser])) !== null) {
    return { refused: 'OVERLAPPING_RESERVATION' };
  }
  const entryId = await insertRanked(db, loser, now);
  return entryId === null ? { refused: 'ALREADY_WAITING' } : { entryId };
}
