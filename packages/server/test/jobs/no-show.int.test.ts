import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  nextNoShowReleaseAt,
  releaseNoShows,
  scheduleNoShowRelease,
} from '../../src/modules/check-in/release-no-shows.ts';
import { expireReservations } from '../../src/modules/reservations/expire-reservations.ts';
import type { Executor } from '../../src/platform/db/executor.ts';
import { claimDueJobs, enqueue } from '../../src/platform/jobs/queue.ts';
import {
  createStorage,
  movableClock,
  seedReservation,
  setLocale,
  startServer,
  type TestServer,
  useDefaultTemplates,
  worldOfFile,
} from '../world.ts';
import { jobRows, readMails, recipientsOf, runAllJobs, startOver } from './inspect.ts';

/*
 * [Fair share 1] the no-show release: a reservation of a garage that requires check-in, still unchecked when
 * its window closes, is released as NO_SHOW exactly once by the per-minute job, its slot free for the rest of
 * its time, its owner told why in their language and its pending reminder dropped.
 */

// Tuesday 2026-12-01 in Budapest (UTC+1): a reservation 09:00–17:00 closes its window at 09:30.
const DAY = '2026-12-01';
const at = (time: string, day = DAY) => `${day}T${time}+01:00`;
const time = movableClock(at('08:00:00'));
const LEASE_MS = 30_000;

const { server, storage, user, admin } = await worldOfFile({
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0, leaseMs: LEASE_MS },
  users: ['user', 'admin'],
});
const db = server.db;

const requireCheckIn = (executor: Executor, garage: string, required: boolean) =>
  sql`UPDATE parking_garages SET check_in_required = ${required}, check_in_grace_minutes = 30,
    check_in_early_minutes = 15 WHERE name = ${garage}`.execute(executor);

const reserve = (owner: string, slot: string, extra: Partial<Parameters<typeof seedReservation>[1]> = {}) =>
  seedReservation(db, { owner, slot, date: DAY, start: '09:00', end: '17:00', ...extra });

const statusOf = async (id: string, executor: Executor = db) =>
  (
    await sql<{
      status: string;
    }>`SELECT reservation_status AS status FROM reservations WHERE id = ${id}`.execute(executor)
  ).rows[0]?.status;

/** Moves the clock and runs every job due then, including what those jobs queued for now. */
const runAt = async (instant: string) => {
  time.set(instant);
  await runAllJobs(server);
};

const noShowMails = async () =>
  (await readMails(storage.dataDir)).filter((mail) =>
    mail.headers.some((header) => header.key === 'x-parkhere-mail' && header.value === 'no-show'),
  );

beforeEach(async () => {
  time.set(at('08:00:00'));
  await startOver(db, storage.dataDir);
  await useDefaultTemplates(db);
  await requireCheckIn(db, 'HQ Garage', true);
  await requireCheckIn(db, 'Riverside Garage', false);
  await setLocale(db, 'user@parkhere.example', 'hu-HU');
  await setLocale(db, 'quick@parkhere.example', 'en-US');
  // The chain as a start queues it; each run queues the next minute's.
  await scheduleNoShowRelease(db, nextNoShowReleaseAt(time.clock()), time.clock());
});

describe('the no-show release', () => {
  it('releases an unchecked reservation when its window closes, once, and frees its slot', async () => {
    const unchecked = await reserve('user@parkhere.example', 'A-105');
    const checkedIn = await reserve('quick@parkhere.example', 'A-106');
    const riverside = await reserve('admin@parkhere.example', 'B-002');
    await sql`UPDATE reservations SET checked_in_at = ${at('08:50:00')}::timestamptz, checked_in_by = 'quick'
      WHERE id = ${checkedIn}`.execute(db);
    // A reminder still pending (e.g. asked for at the start) goes with the release; the kept one's stays.
    for (const id of [unchecked, checkedIn]) {
      await enqueue(db, {
        kind: 'mail.reminder',
        payload: { reservationId: id, startsAt: new Date(at('09:00:00')).toISOString() },
        runAt: new Date(at('23:00:00')),
        idempotencyKey: `reminder:${id}:test`,
      });
    }

    await runAt(at('09:29:59'));
    expect(await statusOf(unchecked)).toBe('ACTIVE');

    await runAt(at('09:30:00'));
    expect(await statusOf(unchecked)).toBe('NO_SHOW');
    expect(await statusOf(checkedIn)).toBe('ACTIVE');
    expect(await statusOf(riverside)).toBe('ACTIVE');
    const reminders = await jobRows(db, 'mail.reminder');
    expect(reminders.map((job) => job.payload.reservationId)).toEqual([checkedIn]);

    // The slot is free for the rest of the interval (nor does the owner hold the time): it is taken at once.
    await expect(
      seedReservation(db, {
        owner: 'user@parkhere.example',
        slot: 'A-105',
        date: DAY,
        start: '09:31',
        end: '17:00',
      }),
    ).resolves.toEqual(expect.any(String));

    // Later runs, and a run by hand, find nothing left: one mail, to the owner.
    await runAt(at('09:45:00'));
    expect(await releaseNoShows(db, time.clock())).toEqual([]);
    await runAt(at('10:00:00'));
    const mails = await noShowMails();
    expect(mails).toHaveLength(1);
    expect(recipientsOf(mails[0] as NonNullable<(typeof mails)[0]>)).toEqual(['user@parkhere.example']);
    // The chain goes on: the next minute's run is queued.
    const pending = (await jobRows(db, 'reservations.release-no-shows')).filter(
      (job) => job.state === 'pending',
    );
    expect(pending.map((job) => new Date(job.runAt).toISOString())).toEqual([
      new Date(at('10:01:00')).toISOString(),
    ]);
  });

  it('tells the owner why, in their language', async () => {
    const hungarian = await reserve('user@parkhere.example', 'A-105');
    const english = await reserve('quick@parkhere.example', 'A-106', { start: '10:00', end: '12:00' });
    await runAt(at('11:00:00'));
    expect([await statusOf(hungarian), await statusOf(english)]).toEqual(['NO_SHOW', 'NO_SHOW']);
    const mails = await noShowMails();
    const to = (email: string) => mails.find((mail) => recipientsOf(mail).includes(email));

    const hu = to('user@parkhere.example');
    expect(hu?.subject).toBe(
      'Parkolóhely-foglalás felszabadítva: 2026. 12. 01. (kedd) A-105 / -1 (HQ Garage)',
    );
    expect(hu?.text).toContain(
      'Foglalását felszabadítottuk, mert 09:30 óráig senki sem jelentkezett be hozzá.',
    );
    expect(hu?.text).toContain('09:00 – 17:00');
    const en = to('quick@parkhere.example');
    expect(en?.subject).toBe('Parking reservation released: Tue, 1 Dec 2026 A-106 / -1 (HQ Garage)');
    expect(en?.text).toContain('your reservation was released because nobody checked in by 10:30.');
    expect(en?.text).toContain('10:00 – 12:00');
    expect(mails).toHaveLength(2);
  });

  it('judges each day of a LONG series on its own', async () => {
    const seriesId = randomUUID();
    const days = ['2026-12-01', '2026-12-02', '2026-12-03'];
    const ids: string[] = [];
    for (const date of days) {
      ids.push(await reserve('user@parkhere.example', 'A-105', { date, type: 'LONG', seriesId }));
    }
    const [first = '', second = '', third = ''] = ids;
    await sql`UPDATE reservations SET checked_in_at = ${at('08:55:00')}::timestamptz WHERE id = ${first}`.execute(
      db,
    );
    await runAt(at('12:00:00', '2026-12-02'));
    expect([await statusOf(first), await statusOf(second), await statusOf(third)]).toEqual([
      'ACTIVE',
      'NO_SHOW',
      'ACTIVE',
    ]);
    const mails = await noShowMails();
    expect(mails).toHaveLength(1);
    // About its own day, not the series'.
    expect(mails[0]?.text).toContain('2026. 12. 02. (szerda)');
    expect(mails[0]?.text).not.toContain('2026. 12. 01. (kedd)');
    expect(mails[0]?.text).not.toContain('2026. 12. 03. (csütörtök)');
  });

  it('leaves garages without check-in alone, also past the end, and releases a reservation shorter than its grace', async () => {
    const riverside = await reserve('admin@parkhere.example', 'B-002', { start: '09:00', end: '09:10' });
    const short = await reserve('user@parkhere.example', 'A-105', { start: '09:00', end: '09:10' });
    // The expiry timer does not take a no-show's release away: it ends as NO_SHOW, with its mail.
    time.set(at('09:20:00'));
    await expireReservations(server.app.database.db, time.clock());
    expect(await statusOf(riverside)).toBe('EXPIRED');
    expect(await statusOf(short)).toBe('ACTIVE');
    await runAt(at('09:20:00'));
    expect(await statusOf(short)).toBe('NO_SHOW');
    expect(await noShowMails()).toHaveLength(1);
  });

  it('survives a crash mid-run: the lease runs out, the run is retried and still one mail goes out', async () => {
    const before = await reserve('user@parkhere.example', 'A-105');
    const after = await reserve('quick@parkhere.example', 'A-106', { start: '10:00', end: '12:00' });

    // A worker claims the due run and dies before it starts: nothing happened, the lease holds the job.
    time.set(at('09:31:00'));
    const [crashedBefore] = await claimDueJobs(db, { now: time.clock(), leaseMs: LEASE_MS, limit: 10 });
    expect(crashedBefore?.kind).toBe('reservations.release-no-shows');
    expect(await server.app.jobs.runDue()).toBe(0);
    expect(await statusOf(before)).toBe('ACTIVE');
    // Once the lease ran out another worker runs it.
    await runAt(at('09:31:31'));
    expect(await statusOf(before)).toBe('NO_SHOW');
    expect(await noShowMails()).toHaveLength(1);

    // A worker dies after its statement committed, before it marked the run done: the retry finds nothing left.
    time.set(at('10:31:00'));
    const [crashedAfter] = await claimDueJobs(db, { now: time.clock(), leaseMs: LEASE_MS, limit: 10 });
    expect(crashedAfter?.kind).toBe('reservations.release-no-shows');
    expect(await releaseNoShows(db, time.clock())).toEqual([after]);
    await runAt(at('10:31:31'));
    const run = (await jobRows(db, 'reservations.release-no-shows')).find(
      (job) => job.id === crashedAfter?.id,
    );
    expect(run).toMatchObject({ state: 'done', attempts: 2 });
    expect(await statusOf(after)).toBe('NO_SHOW');
    expect(await noShowMails()).toHaveLength(2);
    expect((await jobRows(db, 'mail.no-show')).map((job) => job.idempotencyKey).sort()).toEqual(
      [`no-show:${before}`, `no-show:${after}`].sort(),
    );
  });

  it('counts the user’s no-shows on their profile and in the users list', async () => {
    const profile = () =>
      user.json<{ noShowCount: number }>('/services/Actor/profileSettings/~get', { _mask: '{noShowCount}' });
    const listed = async () => {
      const [found] = await admin.json<Array<{ noShowCount: number }>>('/services/Actor/users/~list', {
        _mask: '{email,noShowCount}',
        email: [{ operator: 'equal', value: 'user@parkhere.example' }],
      });
      return found?.noShowCount;
    };
    const before = (await profile()).noShowCount;
    expect(await listed()).toBe(before);
    await reserve('user@parkhere.example', 'A-105');
    await reserve('user@parkhere.example', 'A-105', { date: '2026-12-02' });
    // A checked-in day is no no-show.
    const kept = await reserve('user@parkhere.example', 'A-105', { date: '2026-12-03' });
    await sql`UPDATE reservations SET checked_in_at = ${at('09:00:00', '2026-12-03')}::timestamptz
      WHERE id = ${kept}`.execute(db);
    await runAt(at('09:30:00'));
    expect((await profile()).noShowCount).toBe(before + 1);
    await runAt(at('09:30:00', '2026-12-02'));
    await runAt(at('09:30:00', '2026-12-03'));
    expect((await profile()).noShowCount).toBe(before + 2);
    expect(await listed()).toBe(before + 2);
  });
});

/*
 * Several instances on one PostgreSQL (PGlite serves one process): their workers and their release statements
 * race, and still each reservation is released and told once.
 */
describe.skipIf(!process.env.DATABASE_URL)('the no-show release on several instances', () => {
  const dirs: string[] = [];
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const instance of servers) {
      await instance.stop();
    }
    for (const dir of dirs) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('releases every due reservation exactly once while two workers race', async () => {
    const world = await createStorage();
    dirs.push(path.dirname(world.dataDir));
    const clock = movableClock(at('08:00:00'));
    for (let index = 0; index < 2; index += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'parkhere-instance-'));
      dirs.push(dataDir);
      servers.push(
        await startServer(
          { ...world, dataDir },
          { listen: false, clock: clock.clock, jobs: { poll: false, retryBaseMs: 0 } },
        ),
      );
    }
    const [first, second] = servers as [TestServer, TestServer];
    await requireCheckIn(first.db, 'HQ Garage', true);
    await useDefaultTemplates(first.db);
    const slots = await sql<{ name: string }>`SELECT s.name FROM parking_slots s
      JOIN parking_garages g ON g.id = s.parking_garage_id WHERE g.name = 'HQ Garage' ORDER BY s.name`.execute(
      first.db,
    );
    const ids: string[] = [];
    // Every slot on three days, with guests so one owner may hold them all at once.
    for (const date of ['2026-12-01', '2026-12-02', '2026-12-03']) {
      for (const { name } of slots.rows) {
        ids.push(
          await seedReservation(first.db, {
            owner: 'user@parkhere.example',
            slot: name,
            date,
            start: '09:00',
            end: '17:00',
            type: 'GUEST',
            guest: { name: 'Greta Guest', email: 'greta@guest.example', licensePlate: 'GST-001' },
          }),
        );
      }
    }

    clock.set(at('12:00:00', '2026-12-03'));
    // The statement itself, on both instances at once: each reservation is released by one of them.
    const [byFirst, bySecond] = await Promise.all([
      releaseNoShows(first.db, clock.clock()),
      releaseNoShows(second.db, clock.clock()),
    ]);
    expect([...byFirst, ...bySecond].sort()).toEqual([...ids].sort());
    expect(byFirst.filter((id) => bySecond.includes(id))).toEqual([]);

    // Both workers drain the queue together: one mail per reservation.
    await Promise.all([runAllJobs(first), runAllJobs(second)]);
    const mails = [
      ...(await readMails(first.config.dataDir)),
      ...(await readMails(second.config.dataDir)),
    ].filter((mail) =>
      mail.headers.some((header) => header.key === 'x-parkhere-mail' && header.value === 'no-show'),
    );
    expect(mails).toHaveLength(ids.length);
    const done = await jobRows(first.db, 'mail.no-show');
    expect(done.filter((job) => job.state === 'done')).toHaveLength(ids.length);
  });
});
