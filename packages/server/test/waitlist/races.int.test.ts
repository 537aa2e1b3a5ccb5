import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { promoteWaitlist } from '../../src/modules/waitlist/index.ts';
import { actors } from '../../src/platform/db/actor-stamp.ts';
import type { Executor } from '../../src/platform/db/executor.ts';
import { mailLimitsOf } from '../../src/platform/mail/mail-limits.ts';
import { jobRows } from '../jobs/inspect.ts';
import { type Entity, overlappingRows, partiesOf } from '../reservations/forms.ts';
import { startServer, type TestServer } from '../world.ts';
import { JOIN, RESERVE, requestOf, statusOf, takeSlot, waitlistWorldOfFile } from './waitlist.ts';

/*
 * Exactly once under races. On PostgreSQL (DATABASE_URL) the second promoter is another instance on the same
 * database with a pool of its own, so the two transactions really run at once; on PGlite, which serves one
 * connection, the two calls are concurrent on one database and the engine takes them in turn.
 */
const world = await waitlistWorldOfFile();
const { server, time, admin, user, quick } = world;
const db = server.db;
await sql`UPDATE users SET max_normal_reservation = 100, is_normal_reservation = true`.execute(db);

let second: TestServer | undefined;
let secondDataDir: string | undefined;
if (process.env.DATABASE_URL) {
  secondDataDir = mkdtempSync(path.join(tmpdir(), 'parkhere-second-'));
  second = await startServer(
    { ...world.storage, dataDir: secondDataDir },
    { listen: false, clock: time.clock, jobs: { poll: false } },
  );
}
afterAll(async () => {
  await second?.stop();
  if (secondDataDir !== undefined) {
    rmSync(secondDataDir, { recursive: true, force: true });
  }
});
/** The other promoter's database: another instance's pool on PostgreSQL, the same one on PGlite. */
const otherDb: Executor = second?.db ?? db;

const join = async (caller: typeof user, date: string, startTime: string, endTime: string) =>
  caller.json<Entity>(JOIN, await requestOf(caller, { date, startTime, endTime }));

/** A-103 and A-104 both taken 09:00–10:00 on `date`: the fillers' ids. */
const fillBothSlots = async (date: string) => [
  await takeSlot(db, 'A-103', date, '09:00', '10:00'),
  await takeSlot(db, 'A-104', date, '09:00', '10:00'),
];

/** Each caller in turn joins the waitlist for 09:00–10:00 of `date`. */
const joinInTurn = async (date: string, callers: readonly (typeof user)[]) => {
  const entries: Entity[] = [];
  for (const caller of callers) {
    entries.push(await join(caller, date, '09:00:00', '10:00:00'));
  }
  return entries;
};

const promotedOf = async (entries: Entity[]) =>
  Promise.all(entries.map(async (entry) => statusOf(db, String(entry.__identifier))));

/** Reservations each entry's owner holds for the time: exactly one per promoted entry. */
const heldBy = async (date: string, start: string) =>
  (
    await sql<{ email: string; slot: string }>`SELECT u.email, s.name AS slot FROM reservations r
      JOIN users u ON u.id = r.owner_id JOIN parking_slots s ON s.id = r.parking_slot_id
      WHERE r.date = ${date}::date AND r.start_time = ${start}::time AND r.reservation_status = 'ACTIVE'
        AND r.reservation_type <> 'GUEST'
      ORDER BY u.email`.execute(db)
  ).rows;

const promotedMails = async () => (await jobRows(db, 'mail.waitlist-promoted')).length;

describe('exactly once', () => {
  it('two slots freed at once: two waiting entries, each promoted once on its own slot', async () => {
    const date = '2026-03-05';
    const fillers = await fillBothSlots(date);
    const entries = await joinInTurn(date, [user, quick]);
    const mailsBefore = await promotedMails();
    // Both slots in one statement (one promotion queued), then in two (two promotions of the same date).
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id IN (${fillers[0]}, ${fillers[1]})`.execute(
      db,
    );
    await Promise.all([server.app.jobs.runDue(), (second ?? server).app.jobs.runDue()]);
    await server.app.jobs.runDue();
    expect((await promotedOf(entries)).map((entry) => entry?.status)).toEqual(['PROMOTED', 'PROMOTED']);
    const held = await heldBy(date, '09:00');
    expect(held.map((row) => row.email)).toEqual(['quick@parkhere.example', 'user@parkhere.example']);
    expect(new Set(held.map((row) => row.slot)).size).toBe(2);
    expect((await promotedMails()) - mailsBefore).toBe(2);
    expect(await overlappingRows(server)).toBe(0);
  });

  it('two instances promote the same date at the same moment: each entry once', async () => {
    const date = '2026-03-06';
    const fillers = await fillBothSlots(date);
    const entries = await joinInTurn(date, [user, quick, admin]);
    // Freed without a queued promotion (as if both instances had picked up one each): the calls race alone.
    await sql`ALTER TABLE reservations DISABLE TRIGGER reservations_waitlist_promotion`.execute(db);
    try {
      await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id IN (${fillers[0]}, ${fillers[1]})`.execute(
        db,
      );
    } finally {
      await sql`ALTER TABLE reservations ENABLE TRIGGER reservations_waitlist_promotion`.execute(db);
    }
    const now = time.clock();
    const job = {
      now,
      stamp: { actor: actors.system('waitlist.promote') },
      mailLimits: mailLimitsOf(server.config),
    };
    const counts = await Promise.all([
      promoteWaitlist(db, date, job),
      promoteWaitlist(otherDb, date, job),
      promoteWaitlist(otherDb, date, job),
    ]);
    // Two slots for three entries: the first two in order, each once; the third keeps waiting.
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect((await promotedOf(entries)).map((entry) => entry?.status)).toEqual([
      'PROMOTED',
      'PROMOTED',
      'WAITING',
    ]);
    expect((await heldBy(date, '09:00')).map((row) => row.email)).toEqual([
      'quick@parkhere.example',
      'user@parkhere.example',
    ]);
    expect(await overlappingRows(server)).toBe(0);
  });

  it('a freed slot and a direct create at the same moment: never a double booking', async () => {
    for (const [round, date] of ['2026-03-09', '2026-03-10', '2026-03-11'].entries()) {
      const [a103] = [
        await takeSlot(db, 'A-103', date, '09:00', '10:00'),
        await takeSlot(db, 'A-104', date, '09:00', '10:00'),
      ];
      const entry = await join(user, date, '09:00:00', '10:00:00');
      const { user: self, car, parkingSlot } = await partiesOf(admin, 'A-103');
      // The freed slot is the only free one: the promotion and the administrator's create both want it.
      const [direct] = await Promise.all([
        (async () => {
          await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${a103}`.execute(db);
          return admin.answer({
            method: 'POST',
            path: RESERVE,
            body: {
              reservationType: 'NORMAL',
              date,
              startTime: '09:00:00',
              endTime: '10:00:00',
              user: self,
              car,
              parkingSlot,
            },
          });
        })(),
        (async () => {
          for (let attempt = 0; attempt < 5; attempt += 1) {
            await (round % 2 === 0 ? server : (second ?? server)).app.jobs.runDue();
          }
        })(),
      ]);
      await server.app.jobs.runDue();
      const promoted = (await statusOf(db, String(entry.__identifier)))?.status === 'PROMOTED';
      const held = await heldBy(date, '09:00');
      // One of the two got A-103: the promotion or the create, never both, never neither.
      expect(held).toHaveLength(1);
      expect(held[0]?.slot).toBe('A-103');
      expect(held[0]?.email).toBe(promoted ? 'user@parkhere.example' : 'admin@parkhere.example');
      expect(direct.status).toBe(promoted ? 409 : 200);
      expect(await overlappingRows(server)).toBe(0);
    }
  });
});
