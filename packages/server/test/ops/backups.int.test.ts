import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Client, clientFor } from '../client.ts';
import { configureHolidayImage } from '../holiday-image.ts';
import { runAllJobs } from '../jobs/inspect.ts';
import { bearer } from '../tokens.ts';
import {
  createStorage,
  freePort,
  movableClock,
  seedReservation,
  startServer,
  type TestServer,
  usersWorkingDay,
  type WorldStorage,
  workingDayAfter,
} from '../world.ts';

/*
 * Issue 30, item 4: an administrator backs the server up while it runs, and an operator restores the backup
 * into an empty DATA_DIR with the server stopped (`npm run restore -- FILE`); the server started on it has every
 * reservation, user, file and configuration value, and the old signatures and tokens still hold (the signing
 * secret and the provider's keys are in the backup). On PostgreSQL the button says to use pg_dump, and the
 * README's pg_dump / pg_restore round trip brings back the same.
 */

const run = promisify(execFile);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const onPostgres = (process.env.DATABASE_URL ?? '') !== '';
const SLOW = 240_000;

const PLAN = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 3),
]);
const MAIL = 'Subject: kept\r\n\r\ncaptured before the backup\r\n';

const storage = await createStorage();
const port = await freePort();
// A clock that stands still: two backups in one second, and the daily job's night, are the test's to choose.
const time = movableClock('2026-12-01T08:00:00.000Z');
// BACKUP_KEEP of 3; jobs run when the test says (runDue), not on their own.
const options = { port, clock: time.clock, env: { BACKUP_KEEP: '3' }, jobs: { poll: false } };
let server: TestServer = await startServer(storage, options);
const admin = await clientFor(server, 'admin');
const user = await clientFor(server, 'user');
const restoredRoots: string[] = [];
afterAll(async () => {
  await server.stop();
  await storage.dispose();
  for (const root of restoredRoots) {
    rmSync(root, { recursive: true, force: true });
  }
});

/** An empty folder of the test's own (removed after the file's tests). */
const emptyDir = (): string => {
  const root = mkdtempSync(path.join(tmpdir(), 'parkhere-restore-'));
  restoredRoots.push(root);
  return path.join(root, 'data');
};

/** `npm run restore -- FILE` as an operator runs it, in a process of its own, on DATA_DIR `dataDir`. */
const restore = (file: string, dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', 'src/restore.ts', file], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );

const takeBackup = (caller: Client) => caller.post('/backups');

/** What an administrator sets and uploads, a user who signs in once, and a booking: what must come back. */
type Seeded = { reservationId: string; planToken: string; slotIdentifier: string; day: string };

async function seed(): Promise<Seeded> {
  const day = await workingDayAfter(server, 3);
  const reservationId = await seedReservation(server.db, usersWorkingDay('A-105', day));
  // A newcomer is provisioned by their first call.
  const newcomer = await clientFor(server, 'newcomer');
  expect((await newcomer.get('/services/Actor/~principal')).status).toBe(200);
  await configureHolidayImage(server, admin, { bytes: PLAN, name: 'palm.png' }, { retentionMonths: 13 });
  const configured = await admin.json<{ holidayImage: string }>(
    '/services/Actor/configurationSettings/~get',
    {
      _mask: '{holidayImage}',
    },
  );
  const [slot] = await admin.json<{ __signedIdentifier: string }[]>('/services/Actor/parkingSlots/~list', {
    _mask: '{name}',
    name: [{ operator: 'equal', value: 'A-105' }],
  });
  return {
    reservationId,
    planToken: configured.holidayImage,
    slotIdentifier: String(slot?.__signedIdentifier),
    day,
  };
}

/**
 * The server on the restored storage, on the same port (the same issuer), checked with what was handed out
 * before the backup: the administrator's token (the provider's keys), a slot's signed identifier and the file
 * token (the signing secret), and the rows themselves.
 */
async function expectEverythingBack(restored: WorldStorage, seeded: Seeded): Promise<void> {
  server = await startServer(restored, options);
  const reservation = await sql<{
    date: string;
    slot: string;
    owner: string;
  }>`SELECT to_char(r.date, 'YYYY-MM-DD') AS date,
      s.name AS slot, u.email AS owner
    FROM reservations r JOIN parking_slots s ON s.id = r.parking_slot_id JOIN users u ON u.id = r.owner_id
    WHERE r.id = ${seeded.reservationId}`.execute(server.db);
  expect(reservation.rows).toEqual([{ date: seeded.day, slot: 'A-105', owner: 'user@parkhere.example' }]);
  const newcomer = await server.db
    .selectFrom('users')
    .select('email')
    .where('email', '=', 'newcomer@parkhere.example')
    .execute();
  expect(newcomer).toHaveLength(1);
  const configuration = await admin.json<{ retentionMonths: number }>(
    '/services/Actor/configurationSettings/~get',
    { _mask: '{retentionMonths}' },
  );
  expect(configuration.retentionMonths).toBe(13);
  const plan = await fetch(`${server.url}/ParkHere/download?disposition=inline`, {
    headers: { 'X-Token': seeded.planToken, ...bearer(admin.token) },
  });
  expect(plan.status).toBe(200);
  expect(Buffer.from(await plan.arrayBuffer())).toEqual(PLAN);
  const slot = await admin.json<{ name: string }>('/services/ParkingSlotSettings/~get', undefined, {
    'X-Judo-SignedIdentifier': seeded.slotIdentifier,
  });
  expect(slot.name).toBe('A-105');
}

describe.skipIf(onPostgres)('backups of the embedded database', () => {
  const backupDir = path.join(storage.dataDir, 'backups');

  it(
    'round-trips every reservation, user, file, configuration value and captured mail through a backup taken while the server runs',
    async () => {
      const seeded = await seed();
      mkdirSync(path.join(storage.dataDir, 'mail'), { recursive: true });
      writeFileSync(path.join(storage.dataDir, 'mail', 'kept.eml'), MAIL);

      expect((await takeBackup(user)).status).toBe(403);
      const taken = await takeBackup(admin);
      expect(taken.status).toBe(201);
      const { file, size } = (await taken.json()) as { file: string; size: number };
      expect(file).toBe('parkhere-20261201T080000Z.tar.gz');
      expect(size).toBeGreaterThan(0);
      const listed = (await (await admin.get('/backups')).json()) as { backups: { file: string }[] };
      expect(listed.backups.map((backup) => backup.file)).toEqual([file]);
      // Still serving after the backup: it took nothing down.
      expect((await user.get('/services/Actor/~principal')).status).toBe(200);

      await server.stop();
      const dataDir = emptyDir();
      const restored = await restore(path.join(backupDir, file), dataDir);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain(`into ${dataDir}`);
      expect(readFileSync(path.join(dataDir, 'mail', 'kept.eml'), 'utf8')).toBe(MAIL);

      await expectEverythingBack({ ...storage, dataDir }, seeded);
      await server.stop();
      server = await startServer(storage, options);
    },
    SLOW,
  );

  it('refuses to restore into a DATA_DIR that holds anything, and leaves it as it was', async () => {
    const [backup] = readdirSync(backupDir);
    const dataDir = emptyDir();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'notes.txt'), 'mine');
    const refused = await restore(path.join(backupDir, String(backup)), dataDir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`DATA_DIR ${dataDir} is not empty`);
    expect(readdirSync(dataDir)).toEqual(['notes.txt']);
    expect(readFileSync(path.join(dataDir, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('refuses a file that is not a backup, leaving the empty DATA_DIR empty', async () => {
    const dataDir = emptyDir();
    const notBackup = path.join(path.dirname(dataDir), 'notes.tar.gz');
    writeFileSync(notBackup, 'not a backup at all');
    const refused = await restore(notBackup, dataDir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('is not a ParkHere backup');
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  });

  it('gives a second backup in the same second a file name of its own', async () => {
    time.set('2026-12-01T09:00:00.000Z');
    const first = (await (await takeBackup(admin)).json()) as { file: string };
    time.set('2026-12-01T09:00:00.900Z');
    const second = (await (await takeBackup(admin)).json()) as { file: string };
    expect(first.file).toBe('parkhere-20261201T090000Z.tar.gz');
    expect(second.file).toBe('parkhere-20261201T090000Z-2.tar.gz');
  });

  it(
    'takes the daily backup at night and keeps the newest BACKUP_KEEP, removing only the oldest',
    async () => {
      const listed = async () =>
        ((await (await admin.get('/backups')).json()) as { backups: { file: string }[] }).backups.map(
          (backup) => backup.file,
        );
      const before = await listed();
      expect(before).toHaveLength(3);
      // 02:30 in Budapest the next night: the night's run (and any a stopped server missed) takes a backup.
      time.set('2026-12-02T01:30:05.000Z');
      // Every due job, not one batch: the seeded reservations' jobs of the night may come first.
      await runAllJobs(server);
      const after = await listed();
      const taken = after.filter((file) => !before.includes(file));
      expect(taken.length).toBeGreaterThan(0);
      for (const file of taken) {
        expect(file).toMatch(/^parkhere-20261202T013005Z(-\d+)?\.tar\.gz$/);
      }
      // Newest first: the new ones, then the newest of those before, down to BACKUP_KEEP.
      expect(after).toEqual([...taken, ...before].slice(0, 3));
    },
    SLOW,
  );
});

describe.skipIf(!onPostgres)('backups on PostgreSQL', () => {
  it('answers that pg_dump backs the database up, to administrators only', async () => {
    expect((await takeBackup(user)).status).toBe(403);
    const refused = await takeBackup(admin);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('BACKUP_USE_PG_DUMP');
  });

  it(
    "round-trips everything through the README's pg_dump and pg_restore, with an empty DATA_DIR",
    async () => {
      const seeded = await seed();
      const dump = path.join(path.dirname(storage.dataDir), 'parkhere.dump');
      await run('pg_dump', ['--format=custom', `--file=${dump}`, String(storage.databaseUrl)]);
      await server.stop();
      const restoredName = `${new URL(String(storage.databaseUrl)).pathname.slice(1)}_restored`;
      const adminUrl = String(process.env.DATABASE_URL);
      const create = new pg.Client({ connectionString: adminUrl });
      await create.connect();
      await create.query(`CREATE DATABASE ${restoredName}`);
      await create.end();
      const restoredUrl = new URL(adminUrl);
      restoredUrl.pathname = `/${restoredName}`;
      await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);
      const restored: WorldStorage = {
        ...storage,
        dataDir: emptyDir(),
        databaseUrl: restoredUrl.toString(),
        dispose: async () => {},
      };
      try {
        await expectEverythingBack(restored, seeded);
      } finally {
        await server.stop();
        const drop = new pg.Client({ connectionString: adminUrl });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
        await drop.end();
        server = await startServer(storage, options);
      }
    },
    SLOW,
  );
});
