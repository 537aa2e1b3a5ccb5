/*
 * `npm run bench:no-show`: the no-show release of [Fair share 1] at its worst minute. Not a test.
 *
 * On PostgreSQL (a throwaway cluster unless DATABASE_URL is given) it seeds one garage that requires check-in
 * (grace 30 minutes) with 5,000 slots, 5,000 users each holding a reservation 08:00–17:00 on a working day
 * that nobody checked in to, and 1,000 more users waiting for 09:00–17:00 that day (NORMAL, a car each, the
 * garage's access). Then, on the app's clock at 08:30, it runs the two job handlers the worker would: the
 * minute's release (`reservations.release-no-shows`), and every `waitlist.promote` job the database's triggers
 * queued because of it, until none is pending. Prints the time of each and of both together, against the
 * issue's target (5 s), with the counts that prove the work was done. Figures also go to
 * .tmp/bench-no-show.json. `BENCH_ROUNDS` (default 3) repeats it on a fresh seed.
 */
import { DEFAULT_TIME_ZONE, instantOf, type LocalDate } from '@parkhere/contract';
import Fastify from 'fastify';
import { type Kysely, sql } from 'kysely';
import { jobHandlers as checkInJobHandlers } from '../packages/server/src/modules/check-in/index.ts';
import { seedReservations } from '../packages/server/src/modules/reservations/seed-reservations.ts';
import { promoteWaitlist } from '../packages/server/src/modules/waitlist/index.ts';
import type { DB } from '../packages/server/src/platform/db/schema.ts';
import type { JobContext } from '../packages/server/src/platform/jobs/job-types.ts';
import { count, median, onPostgres, runRounds, workingDayAhead, writeFigures } from './postgres-bench.ts';

const RESERVATIONS = 5_000;
const WAITING = 1_000;
const TARGET_MS = 5_000;
/** Fastify's no-op logger: the handlers' own lines are not part of the figure. */
const silent = Fastify({ logger: false }).log;
const mailLimits = { allowedDomains: [], perUserPerHour: 30, perRecipientPerDay: 10 };

async function seed(db: Kysely<DB>, day: LocalDate): Promise<void> {
  await sql`TRUNCATE reservations, waitlist_entries, jobs, cars, user_accessed_garages, parking_slots,
    parking_garages, users RESTART IDENTITY CASCADE`.execute(db);
  await sql`INSERT INTO parking_garages (name, check_in_required, check_in_grace_minutes, check_in_early_minutes)
    VALUES ('Bench garage', true, 30, 15)`.execute(db);
  await sql`INSERT INTO parking_slots (parking_garage_id, name, floor)
    SELECT 1, 'S-' || n, n % 5 FROM generate_series(1, ${RESERVATIONS}) n`.execute(db);
  await sql`INSERT INTO users (email, name, is_normal_reservation)
    SELECT 'bench' || n || '@parkhere.example', 'Bench ' || n, true
    FROM generate_series(1, ${RESERVATIONS + WAITING}) n`.execute(db);
  await sql`INSERT INTO user_accessed_garages (user_id, parking_garage_id) SELECT id, 1 FROM users`.execute(
    db,
  );
  await sql`INSERT INTO cars (user_id, license_plate)
    SELECT id, 'BENCH-' || id FROM users WHERE id > ${RESERVATIONS}`.execute(db);
  await seedReservations(
    db,
    sql`SELECT n AS owner_id, n AS parking_slot_id, ${day}::date AS date, '08:00'::time AS start_time,
        '17:00'::time AS end_time, 'NORMAL'::reservation_type AS reservation_type, 'bench' AS created_by
      FROM generate_series(1, ${RESERVATIONS}) n`,
  );
  // Joined in user order, so the first waiting user is served first.
  await sql`INSERT INTO waitlist_entries (user_id, car_id, date, start_time, end_time, during, reservation_type,
      created_by)
    SELECT u.id, c.id, ${day}::date, '09:00', '17:00',
      wall_clock_range(${day}::date, '09:00', '17:00', ${DEFAULT_TIME_ZONE}), 'NORMAL', 'bench'
    FROM users u JOIN cars c ON c.user_id = u.id ORDER BY u.id`.execute(db);
  await sql`ANALYZE`.execute(db);
}

type Round = { releaseMs: number; promoteMs: number; totalMs: number; released: number; promoted: number };

/** The minute's run as the worker runs it: the next minute queued, then the release. */
const releaseNoShows = checkInJobHandlers()['reservations.release-no-shows'];

async function round(db: Kysely<DB>, day: LocalDate): Promise<Round> {
  await seed(db, day);
  const now = instantOf(day, '08:30:00', DEFAULT_TIME_ZONE);
  const context: JobContext = {
    db,
    now,
    job: { id: 'bench', createdAt: now },
    attempt: 1,
    log: silent,
    stamp: { actor: 'system:reservations.release-no-shows' },
    complete: async () => true,
  };
  const started = performance.now();
  await releaseNoShows({ at: now.toISOString() }, context);
  const released = performance.now();
  // What the worker would claim next: the promotions the release's triggers queued, until none is left.
  for (;;) {
    const due = await sql<{ id: string; date: LocalDate }>`UPDATE jobs SET state = 'done', finished_at = now()
      WHERE kind = 'waitlist.promote' AND state = 'pending' RETURNING id, payload ->> 'date' AS date`.execute(
      db,
    );
    if (due.rows.length === 0) {
      break;
    }
    for (const date of new Set(due.rows.map((row) => row.date))) {
      // As the waitlist.promote handler runs it.
      await promoteWaitlist(db, date, {
        now,
        stamp: { actor: 'system:waitlist.promote', reason: 'waitlist promotion' },
        mailLimits,
      });
    }
  }
  const finished = performance.now();
  return {
    releaseMs: released - started,
    promoteMs: finished - released,
    totalMs: finished - started,
    released: await count(
      db,
    )`SELECT count(*)::int AS n FROM reservations WHERE reservation_status = 'NO_SHOW'`,
    promoted: await count(
      db,
    )`SELECT count(*)::int AS n FROM waitlist_entries WHERE waitlist_status = 'PROMOTED'`,
  };
}

// A week ahead, so every calendar rule lets the promotions through.
await onPostgres('bench-no-show', async (db) => {
  const day = workingDayAhead(7);
  const rounds = await runRounds(
    () => round(db, day),
    (result) =>
      `release ${result.releaseMs.toFixed(0)} ms, promotion ${result.promoteMs.toFixed(0)} ms, ` +
      `${result.released} released, ${result.promoted} promoted`,
  );
  const total = median(rounds.map((result) => result.totalMs));
  const figures = {
    reservations: RESERVATIONS,
    waiting: WAITING,
    releaseMs: median(rounds.map((result) => result.releaseMs)),
    promoteMs: median(rounds.map((result) => result.promoteMs)),
    totalMs: total,
    released: rounds.map((result) => result.released),
    promoted: rounds.map((result) => result.promoted),
  };
  writeFigures('bench-no-show', figures);
  const complete = rounds.every((result) => result.released === RESERVATIONS && result.promoted === WAITING);
  process.stdout.write(
    `no-show release of ${RESERVATIONS} with ${WAITING} waiting (PostgreSQL, median of ${rounds.length}): ` +
      `release ${figures.releaseMs.toFixed(0)} ms + promotion ${figures.promoteMs.toFixed(0)} ms = ` +
      `${total.toFixed(0)} ms (target ≤ ${TARGET_MS} ms) ${total <= TARGET_MS && complete ? 'PASS' : 'FAIL'}` +
      (complete ? '' : ' (not every reservation released or entry promoted)') +
      '\n',
  );
});
