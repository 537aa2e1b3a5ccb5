import { addDays } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rebuildRollupStep } from '../../src/modules/reservations/index.ts';
import { seedReservations } from '../../src/modules/reservations/seed-reservations.ts';
import { claimDueJobs } from '../../src/platform/jobs/queue.ts';
import { clientFor, update } from '../client.ts';
import { jobRows, runAllJobs } from '../jobs/inspect.ts';
import type { Entity } from '../reservations/forms.ts';
import { movableClock, worldOfFile } from '../world.ts';
import { expectParity, staleGarages } from './parity.ts';

/*
 * The report rollup's rebuild as a durable job (issue 28; migration 0046). A change of a day window commits at
 * once, only marking its garages and queueing their rebuild; reports compute a marked garage directly until the
 * job is through; the job adds the garage's reservations back a batch per transaction, so writers wait for one
 * batch at most, each write is counted once whether it came before or after the batch that read its row, and a
 * rebuild whose worker died goes on from where it stopped.
 */
const time = movableClock(new Date().toISOString());
const { server } = await worldOfFile({ users: ['admin', 'user'], clock: time.clock, jobs: { poll: false } });
const db = server.db;

await sql`INSERT INTO parking_garages (name, working_hours_start, working_hours_end)
  VALUES ('Rebuilt Own', '07:00', '19:00'), ('Rebuilt Other', NULL, NULL)`.execute(db);
await sql`INSERT INTO parking_slots (parking_garage_id, name, floor)
  SELECT g.id, left(g.name, 11) || '-' || n, 0 FROM parking_garages g CROSS JOIN generate_series(1, 4) AS n
  WHERE g.name LIKE 'Rebuilt %'`.execute(db);
const idsOf = async (query: ReturnType<typeof sql>) =>
  ((await query.execute(db)).rows as { id: string }[]).map((row) => row.id);
const [own, other] = await idsOf(sql`SELECT id::text AS id FROM parking_garages
  WHERE name IN ('Rebuilt Own', 'Rebuilt Other') ORDER BY name DESC`);
const garages = [String(own), String(other)];
const slotsOf = (garage: string) =>
  idsOf(
    sql`SELECT id::text AS id FROM parking_slots WHERE parking_garage_id = ${garage}::bigint ORDER BY id`,
  );
const ownSlots = await slotsOf(String(own));
const otherSlots = await slotsOf(String(other));
const owners = await idsOf(sql`SELECT id::text AS id FROM users ORDER BY id LIMIT 3`);

// Thirty days of three bookings a slot (past ones: EXPIRED, so owners may overlap), 360 reservations; some
// checked in, released as no-shows, cancelled part-way or deleted.
const FIRST = '2026-09-01';
const DAYS = 30;
const shifts = [
  ['07:30', '10:00'],
  ['11:00', '13:30'],
  ['14:00', '20:00'],
] as const;
const reservationsOf = (slots: string[], days: number) =>
  slots.flatMap((slot, index) =>
    Array.from({ length: days }, (_, day) =>
      shifts.map(([start, end], shift) => ({
        owner_id: String(owners[(index + day + shift) % owners.length]),
        parking_slot_id: slot,
        date: addDays(FIRST, day),
        start_time: start,
        end_time: end,
        reservation_type: 'NORMAL' as const,
        reservation_status: 'EXPIRED' as const,
      })),
    ).flat(),
  );
await seedReservations(db, [...reservationsOf(ownSlots, DAYS), ...reservationsOf(otherSlots, 3)]);
await sql`UPDATE reservations SET created = lower(during) - (id % 11) * interval '3 hours'`.execute(db);
await sql`UPDATE reservations SET checked_in_at = lower(during) WHERE id % 7 = 1`.execute(db);
await sql`UPDATE reservations SET reservation_status = 'NO_SHOW', modefied = lower(during) + interval '20 minutes'
  WHERE id % 7 = 2`.execute(db);
await sql`UPDATE reservations SET cancelled_at = lower(during) + interval '1 hour', booked_end_time = end_time,
  during = tstzrange(lower(during), lower(during) + interval '1 hour', '[)') WHERE id % 7 = 3`.execute(db);
await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id % 7 = 4`.execute(db);
await runAllJobs(server);

const PERIOD = { from: addDays(FIRST, -1), to: addDays(FIRST, DAYS), garageId: null, publicHolidays: [] };
const parity = () => expectParity(db, PERIOD, garages);
const rebuildJobs = async () =>
  (await jobRows(db, 'reservations.rollup-rebuild')).filter((job) => job.state === 'pending');
/** The own garage's rows in the rollup, as a fingerprint. */
const ownRollup = async () =>
  (
    await sql<{
      rows: number;
      seconds: string;
    }>`SELECT count(*)::int AS rows, sum(held_seconds)::text AS seconds
      FROM reservation_day_rollup WHERE garage_id = ${own}::bigint`.execute(db)
  ).rows[0];
/** Marks the own garage stale: a change of its own hours. */
const changeOwnHours = (start: string) =>
  sql`UPDATE parking_garages SET working_hours_start = ${start}::time WHERE id = ${own}::bigint`.execute(db);
/** Steps of the rebuild of the own garage, `batch` reservations each, each in a transaction of its own. */
const step = (batch: number) =>
  db.transaction().execute((transaction) => rebuildRollupStep(transaction, String(own), batch));

describe("the report rollup's rebuild job", () => {
  it('leaves the rollup alone when a day window changes: the garage is marked, its rebuild queued', async () => {
    const before = await ownRollup();
    const started = performance.now();
    await changeOwnHours('08:00');
    const took = performance.now() - started;
    console.warn(`a change of a garage's hours took ${took.toFixed(0)} ms`);
    expect(await staleGarages(db)).toEqual([{ garageId: own, doneThrough: null }]);
    expect(await ownRollup()).toEqual(before);
    expect((await rebuildJobs()).map((job) => job.payload)).toEqual([{ garageId: own }]);
    // Reports compute the garage directly meanwhile, with its new window.
    const during = await parity();
    await runAllJobs(server);
    expect(await staleGarages(db)).toEqual([]);
    expect(await rebuildJobs()).toEqual([]);
    expect(await ownRollup()).not.toEqual(before);
    expect(await parity()).toEqual(during);
  });

  it('counts every write made during the rebuild once, before or after the batch that read its row', async () => {
    await changeOwnHours('07:00');
    const ids = await idsOf(sql`SELECT r.id::text AS id FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id WHERE s.parking_garage_id = ${own}::bigint ORDER BY r.id`);
    const date = addDays(FIRST, 4);
    let inserted = 0;
    // Each round a write of each kind, on rows the rebuild has passed, is reading or has yet to reach.
    const writesOf = (round: number) => {
      const early = ids[round * 7];
      const late = ids[ids.length - 1 - round * 7];
      const middle = ids[Math.floor(ids.length / 2) + round];
      const slotAway = otherSlots[round % otherSlots.length];
      return [
        () =>
          seedReservations(db, [
            {
              owner_id: String(owners[round % owners.length]),
              parking_slot_id: String(ownSlots[round % ownSlots.length]),
              date,
              start_time: '05:00',
              end_time: '06:30',
              reservation_type: 'QUICK',
              reservation_status: 'EXPIRED',
            },
          ]).then(() => {
            inserted += 1;
          }),
        () =>
          sql`UPDATE reservations SET during = tstzrange(lower(during) - interval '90 minutes', upper(during), '[)'),
            start_time = start_time - interval '90 minutes' WHERE id IN (${early}::bigint, ${late}::bigint)`.execute(
            db,
          ),
        () =>
          sql`UPDATE reservations SET reservation_status = 'NO_SHOW', modefied = lower(during) + interval '5 minutes'
            WHERE id = ${middle}::bigint`.execute(db),
        () =>
          sql`UPDATE reservations SET parking_slot_id = ${slotAway}::bigint WHERE id = ${ids[round * 7 + 1]}::bigint`.execute(
            db,
          ),
        () => sql`DELETE FROM reservations WHERE id = ${ids[ids.length - 2 - round * 7]}::bigint`.execute(db),
      ];
    };
    const waits: number[] = [];
    const timed = async (write: () => Promise<unknown>) => {
      const started = performance.now();
      await write();
      waits.push(performance.now() - started);
    };
    // The first step clears; then each batch of 20 runs beside a round of writes.
    expect(await step(20)).toBe(false);
    let round = 0;
    let whole = false;
    while (!whole) {
      const writes = round < 8 ? writesOf(round) : [];
      [whole] = await Promise.all([step(20), ...writes.map(timed)]);
      if (round === 4) {
        // Halfway, the report is the direct one's.
        expect((await staleGarages(db))[0]?.doneThrough).not.toBeNull();
        await parity();
      }
      round += 1;
    }
    expect(round).toBeGreaterThan(8);
    expect(inserted).toBe(8);
    expect(await staleGarages(db)).toEqual([]);
    await parity();
    console.warn(`writes during the rebuild waited at most ${Math.max(...waits).toFixed(0)} ms`);
    expect(Math.max(...waits)).toBeLessThan(5_000);
    // The job queued for the change finds the garage whole.
    await runAllJobs(server);
    expect(await rebuildJobs()).toEqual([]);
  });

  it('goes on from where it stopped when its worker died mid-rebuild', async () => {
    await changeOwnHours('06:30');
    const [job] = await rebuildJobs();
    // A worker claims the job, clears the garage and adds two batches, then dies.
    const claimed = await claimDueJobs(db, { now: time.clock(), leaseMs: 60_000, limit: 10 });
    expect(claimed.map((row) => row.id)).toContain(job?.id);
    await step(50);
    await step(50);
    await step(50);
    const [stopped] = await staleGarages(db);
    expect(Number(stopped?.doneThrough)).toBeGreaterThan(0);
    // Its lease holds the job from the others for a minute, the garage reported directly meanwhile.
    await server.app.jobs.runDue();
    expect(await staleGarages(db)).toEqual([stopped]);
    await parity();
    time.set(new Date(time.clock().getTime() + 2 * 60_000).toISOString());
    await runAllJobs(server);
    expect(await staleGarages(db)).toEqual([]);
    const [done] = (await jobRows(db, 'reservations.rollup-rebuild')).filter((row) => row.id === job?.id);
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
    await parity();
  });

  it('starts over when the window changes again during the rebuild, with one job still queued', async () => {
    await changeOwnHours('08:30');
    await step(50);
    await step(50);
    expect(Number((await staleGarages(db))[0]?.doneThrough)).toBeGreaterThan(0);
    await changeOwnHours('05:00');
    expect(await staleGarages(db)).toEqual([{ garageId: own, doneThrough: null }]);
    expect(await rebuildJobs()).toHaveLength(1);
    await parity();
    await runAllJobs(server);
    expect(await staleGarages(db)).toEqual([]);
    await parity();
  });
});

/** The reservation ids of a garage, in id order. */
const reservationIdsOf = (garage: string) =>
  idsOf(sql`SELECT r.id::text AS id FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id
    WHERE s.parking_garage_id = ${garage}::bigint ORDER BY r.id`);

// PGlite serves one connection at a time: no two transactions wait for each other there.
describe.skipIf(process.env.DATABASE_URL === undefined)('a change marking garages beside a writer', () => {
  it('is run again when it deadlocks with a write that locked two of its garages in two statements', async () => {
    const admin = await clientFor(server, 'admin');
    const settings = () =>
      admin.json<Entity>('/services/Actor/configurationSettings/~get', { _mask: '{timeZone}' });
    const before = await settings();
    const [ownId] = await reservationIdsOf(String(own));
    const [otherId] = await reservationIdsOf(String(other));
    // A time zone moves every garage's day window: the change marks them all, locking each alone in id order
    // (own before other). The writer holds other's lock (shared) first, then asks for own's, which the change
    // took meanwhile while it waits for other's: a cycle PostgreSQL breaks by aborting the change (it waited first).
    let answer: Promise<Response> | undefined;
    await db.transaction().execute(async (writer) => {
      await sql`UPDATE reservations SET checked_in_at = lower(during) WHERE id = ${otherId}::bigint`.execute(
        writer,
      );
      answer = update(admin, 'ConfigurationSettings', before, { timeZone: 'Europe/London' });
      await expect
        .poll(async () => {
          const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted`.execute(db);
          return waiting.rows[0]?.n;
        })
        .toBe(1);
      await sql`UPDATE reservations SET checked_in_at = lower(during) WHERE id = ${ownId}::bigint`.execute(
        writer,
      );
    });
    const changed = await (answer as Promise<Response>);
    expect(changed.status, await changed.text()).toBe(200);
    expect((await settings()).timeZone).toBe('Europe/London');
    const checked = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reservations
      WHERE id IN (${ownId}::bigint, ${otherId}::bigint) AND checked_in_at IS NOT NULL`.execute(db);
    expect(checked.rows[0]?.n).toBe(2);
    await runAllJobs(server);
    expect(await staleGarages(db)).toEqual([]);
    await parity();
    const back = await update(admin, 'ConfigurationSettings', await settings(), {
      timeZone: before.timeZone,
    });
    expect(back.status).toBe(200);
    await runAllJobs(server);
  });
});
