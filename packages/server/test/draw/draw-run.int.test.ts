import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { conductDraw } from '../../src/modules/draw/conduct-draw.ts';
import type { Served } from '../../src/modules/draw/draw-records.ts';
import { runDraw } from '../../src/modules/draw/rules/run-draw.ts';
import { mailLimitsOf } from '../../src/platform/mail/mail-limits.ts';
import { mailsTo, runAllJobs } from '../jobs/inspect.ts';
import { onlySlots } from '../waitlist/waitlist.ts';
import {
  createStorage,
  movableClock,
  seedDrawRequest,
  seedReservation,
  startServer,
  type TestServer,
  useDefaultTemplates,
} from '../world.ts';
import { drawInHqOnly } from './seed-draw.ts';

/*
 * [Fair share 2] The draw at the cut-off, through the job and on the database: HQ Garage draws (cut-off 14:00
 * two working days before), narrowed to three slots; eight drivers ask for each day. The clock stands on Monday
 * 2026-12-07 in Budapest: Wednesday the 9th's cut-off is today at 14:00, Thursday the 10th's tomorrow.
 */
const WED = '2026-12-09';
const THU = '2026-12-10';
const FRI = '2026-12-11';
const SLOTS = ['A-103', 'A-104', 'A-105'];
const DRIVERS = Array.from({ length: 8 }, (_, index) => `driver${index + 1}@parkhere.example`);
const at = (time: string, date = '2026-12-07') => `${date}T${time}+01:00`;

const time = movableClock(at('08:00:00'));
const dirs: string[] = [];
const storage = await createStorage();
const servers: TestServer[] = [
  await startServer(storage, { listen: false, clock: time.clock, jobs: { poll: false } }),
];
// On PostgreSQL the second instance has a pool of its own on the same database, so two draws really run at
// once; PGlite serves one process, so there the two calls are concurrent on one database, taken in turn.
if (process.env.DATABASE_URL) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parkhere-instance-'));
  dirs.push(dataDir);
  servers.push(
    await startServer({ ...storage, dataDir }, { listen: false, clock: time.clock, jobs: { poll: false } }),
  );
}
const [first] = servers as [TestServer];
const second = servers[1] ?? first;
const db = first.db;

afterAll(async () => {
  for (const server of servers) {
    await server.stop();
  }
  await storage.dispose();
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
  }
});

await useDefaultTemplates(db);
await onlySlots(db, SLOTS);
await drawInHqOnly(db, DRIVERS);

const garageId = async () =>
  (await sql<{ id: string }>`SELECT id::text AS id FROM parking_garages WHERE name = 'HQ Garage'`.execute(db))
    .rows[0]?.id ?? '';

const requestAll = async (date: string, owners = DRIVERS) => {
  const ids: string[] = [];
  for (const owner of owners) {
    ids.push(await seedDrawRequest(db, { owner, garage: 'HQ Garage', date, start: '09:00', end: '17:00' }));
  }
  return ids;
};

type DrawRow = {
  id: string;
  seed: number;
  requestCount: number | null;
  winnerCount: number | null;
  ran: boolean;
};
const drawsOf = async (date: string) =>
  (
    await sql<DrawRow>`SELECT id::text AS id, seed, request_count, winner_count, ran_at IS NOT NULL AS ran
      FROM draws WHERE date = ${date}::date`.execute(db)
  ).rows;

const storedDraw = async (date: string) =>
  (
    await sql<{
      seed: number;
      inputs: Parameters<typeof runDraw>[0];
      outcome: ReturnType<typeof runDraw> & { served: Served[] };
    }>`SELECT
        seed, inputs, outcome FROM draws WHERE date = ${date}::date`.execute(db)
  ).rows[0];

const statuses = async (date: string) =>
  (
    await sql<{ id: string; status: string; reservationId: string | null }>`SELECT id::text AS id,
        draw_status AS status, reservation_id::text AS reservation_id
      FROM draw_requests WHERE date = ${date}::date ORDER BY draw_requests.id`.execute(db)
  ).rows;

const reservationsOn = async (date: string) =>
  (
    await sql<{ owner: string; slot: string; type: string }>`SELECT u.email AS owner, s.name AS slot,
        r.reservation_type AS type
      FROM reservations r JOIN users u ON u.id = r.owner_id JOIN parking_slots s ON s.id = r.parking_slot_id
      WHERE r.date = ${date}::date AND r.reservation_status = 'ACTIVE' ORDER BY s.name`.execute(db)
  ).rows;

/** The date's WAITING entries' owners' request ids, in the waitlist's order (rank). */
const waitlistOrder = async (date: string) =>
  (
    await sql<{ requestId: string }>`SELECT q.id::text AS request_id FROM waitlist_entries w
      JOIN draw_requests q ON q.user_id = w.user_id AND q.date = w.date
      WHERE w.date = ${date}::date AND w.waitlist_status = 'WAITING' ORDER BY w.rank, w.id`.execute(db)
  ).rows.map((row) => row.requestId);

const environment = (now: Date) => ({
  now,
  stamp: { actor: 'system:test' },
  mailLimits: mailLimitsOf(first.config),
});

describe('the draw at the cut-off', () => {
  it('runs nothing before the cut-off', async () => {
    await requestAll(WED);
    time.set(at('13:59:00'));
    await runAllJobs(first);
    expect(await drawsOf(WED)).toEqual([]);
  });

  it('draws the day once at the cut-off: winners booked on distinct slots, losers waiting in draw order, all told', async () => {
    time.set(at('14:00:30'));
    await runAllJobs(first);
    await runAllJobs(second);
    const [draw] = await drawsOf(WED);
    expect(await drawsOf(WED)).toHaveLength(1);
    expect(draw).toMatchObject({ ran: true, requestCount: 8, winnerCount: 3 });
    const booked = await reservationsOn(WED);
    expect(booked.map((row) => row.slot)).toEqual(SLOTS);
    expect(booked.every((row) => row.type === 'NORMAL')).toBe(true);
    const stored = await storedDraw(WED);
    expect(booked.map((row) => row.owner).sort()).toEqual(
      await Promise.all(
        (stored?.outcome.winners ?? []).map(async (winner) =>
          String(
            (await sql<{ email: string }>`SELECT email FROM users WHERE id = ${winner.userId}`.execute(db))
              .rows[0]?.email,
          ),
        ),
      ).then((emails) => emails.sort()),
    );
    const requests = await statuses(WED);
    expect(requests.filter((row) => row.status === 'WON')).toHaveLength(3);
    expect(requests.filter((row) => row.status === 'WON').every((row) => row.reservationId !== null)).toBe(
      true,
    );
    expect(requests.filter((row) => row.status === 'LOST')).toHaveLength(5);
    // The waitlist's order is the draw's order of its losers.
    expect(await waitlistOrder(WED)).toEqual(stored?.outcome.losers.map((loser) => loser.requestId));
    await runAllJobs(first);
    const mails = (await Promise.all(DRIVERS.map((driver) => mailsTo(first.config.dataDir, driver)))).flat();
    const won = mails.filter((mail) => mail.subject?.startsWith('You won the draw'));
    const lost = mails.filter((mail) => mail.subject?.startsWith('No slot in the draw'));
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(5);
    expect(won.every((mail) => mail.raw.includes('BEGIN:VCALENDAR'))).toBe(true);
    expect(lost.every((mail) => mail.html?.includes('You are on the waitlist, in draw order'))).toBe(true);
  });

  it('runs again as a no-op: a later minute, another instance, a direct call', async () => {
    time.set(at('14:05:00'));
    await runAllJobs(second);
    const again = await conductDraw(
      second.db,
      { garageId: await garageId(), date: WED, fairnessWeeks: 8 },
      environment(time.clock()),
    );
    expect(again).toEqual({ ran: false });
    expect(await drawsOf(WED)).toHaveLength(1);
    expect(await reservationsOn(WED)).toHaveLength(3);
  });

  it('replays to the same outcome from its stored inputs and seed', async () => {
    const stored = await storedDraw(WED);
    const replayed = runDraw(stored?.inputs ?? { requests: [], slots: [] }, stored?.seed ?? 0);
    expect({ winners: stored?.outcome.winners, losers: stored?.outcome.losers }).toEqual(replayed);
  });

  it('draws exactly once with two instances racing', async () => {
    await requestAll(THU);
    const now = new Date(at('14:00:30', '2026-12-08'));
    const day = { garageId: await garageId(), date: THU, fairnessWeeks: 8 };
    const runs = await Promise.all([
      conductDraw(first.db, day, environment(now)),
      conductDraw(second.db, day, environment(now)),
    ]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(await drawsOf(THU)).toHaveLength(1);
    expect((await reservationsOn(THU)).map((row) => row.slot)).toEqual(SLOTS);
  });

  it('commits whole or not at all, and a rerun after a crash draws with the same seed', async () => {
    await requestAll(FRI);
    const now = new Date(at('14:00:30', '2026-12-09'));
    const day = { garageId: await garageId(), date: FRI, fairnessWeeks: 8 };
    // The crash: the draw's record refused as the transaction's last write, after the reservations were made.
    await sql`CREATE FUNCTION crash_draw() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'crash mid-draw'; END $$`.execute(db);
    await sql`CREATE TRIGGER crash_draw BEFORE UPDATE ON draws FOR EACH ROW EXECUTE FUNCTION crash_draw()`.execute(
      db,
    );
    await expect(conductDraw(db, day, environment(now))).rejects.toThrow(/crash mid-draw/);
    const [seeded] = await drawsOf(FRI);
    expect(seeded).toMatchObject({ ran: false });
    expect(await reservationsOn(FRI)).toEqual([]);
    expect((await statuses(FRI)).every((row) => row.status === 'PENDING')).toBe(true);
    expect(await waitlistOrder(FRI)).toEqual([]);
    await sql`DROP TRIGGER crash_draw ON draws`.execute(db);
    await sql`DROP FUNCTION crash_draw()`.execute(db);
    expect(await conductDraw(db, day, environment(now))).toMatchObject({ ran: true, winners: 3 });
    const stored = await storedDraw(FRI);
    expect(stored?.seed).toBe(seeded?.seed);
    expect(runDraw(stored?.inputs ?? { requests: [], slots: [] }, seeded?.seed ?? 0).winners).toEqual(
      stored?.outcome.winners,
    );
  });
});

describe('the draw and the rules of a booking', () => {
  const MON = '2026-12-14';
  const day = async () => ({ garageId: await garageId(), date: MON, fairnessWeeks: 8 });
  const now = new Date(at('14:00:30', '2026-12-10'));

  it('gives priority holders a slot first, and one a rule refuses loses after all, its slot left to the waitlist', async () => {
    const [quotaFull, overlapping, prioritised, ...rest] = DRIVERS;
    await sql`INSERT INTO draw_priorities (user_id, category, expires)
      SELECT id, 'ACCESSIBILITY', ${MON}::date FROM users WHERE email IN (${quotaFull}, ${prioritised})`.execute(
      db,
    );
    // Driver 1 may book no more NORMAL days; driver 2 already has a booking elsewhere at that time.
    await sql`UPDATE users SET max_normal_reservation = 0 WHERE email = ${quotaFull}`.execute(db);
    await sql`INSERT INTO user_accessed_garages (user_id, parking_garage_id)
      SELECT u.id, g.id FROM users u, parking_garages g WHERE u.email = ${overlapping} AND g.name <> 'HQ Garage'
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`UPDATE parking_slots SET is_active = true WHERE name = 'B-105'`.execute(db);
    await seedReservation(db, {
      owner: String(overlapping),
      slot: 'B-105',
      date: MON,
      start: '08:00',
      end: '10:00',
    });
    await requestAll(MON, [String(quotaFull), String(overlapping), String(prioritised), ...rest]);
    time.set(now.toISOString());
    await conductDraw(db, await day(), environment(now));
    const booked = await reservationsOn(MON);
    const owners = booked.map((row) => row.owner);
    expect(owners).toContain(prioritised);
    expect(owners).not.toContain(quotaFull);
    expect(owners.filter((owner) => owner === overlapping)).toEqual([overlapping]);
    // No rule broken: nobody over their quota, nobody twice at one time; the refused winner's slot stays free.
    expect(booked.filter((row) => row.slot.startsWith('A-'))).toHaveLength(2);
    const stored = await storedDraw(MON);
    const served = stored?.outcome.served ?? [];
    expect(served.filter((each) => each.reservationId === null)).toHaveLength(1);
    const requests = await statuses(MON);
    expect(requests.filter((row) => row.status === 'WON')).toHaveLength(2);
    // The slot the refused winner would have had goes to the first loser in draw order who can use it.
    await runAllJobs(first);
    expect((await reservationsOn(MON)).filter((row) => row.slot.startsWith('A-'))).toHaveLength(3);
    const refusedMail = await mailsTo(first.config.dataDir, String(quotaFull));
    expect(refusedMail.map((mail) => mail.html?.includes('could not be put on the waitlist'))).toContain(
      true,
    );
  });
});
