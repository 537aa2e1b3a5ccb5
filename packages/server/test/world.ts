import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { addDays, type DayOverride, nextWorkingDay, wallClockAt, workingCalendar } from '@parkhere/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { auditedTables } from '../src/audited.ts';
import { seedDemoData } from '../src/demo/demo-data.ts';
import type { JobsOptions } from '../src/jobs.ts';
import { seedReservations } from '../src/modules/reservations/seed-reservations.ts';
import type { Clock } from '../src/platform/calendar.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { attachAudit } from '../src/platform/db/audit.ts';
import { type Database, openDatabase } from '../src/platform/db/database.ts';
import type { Executor } from '../src/platform/db/executor.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { type Client, clientFor, type Requests, requestsAs } from './client.ts';

/*
 * The one test world: storage (a DATA_DIR and, when DATABASE_URL is set, a PostgreSQL database of its own, on
 * PGlite otherwise), the app on it, and what a test names seeded into the demo data: reservations, holidays,
 * and a client per user.
 */

export type TestServer = {
  url: string;
  app: FastifyInstance;
  db: Executor;
  config: Config;
  /** Every JSON log line the server wrote. */
  logs: string[];
  /** Stops the server; the data stays for a restart. */
  stop: () => Promise<void>;
  /** Stops the server and deletes its data. */
  close: () => Promise<void>;
};

export type WorldStorage = {
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  /** Drops the world's database and files. */
  dispose: () => Promise<void>;
};

export type StartOptions = {
  env?: Record<string, string>;
  /** Listen on this port (a restart keeps the issuer); a free one otherwise. */
  port?: number;
  /** false: the app without HTTP, for tests that look at the job worker and the mail it writes. */
  listen?: boolean;
  apiPlugins?: FastifyPluginAsync[];
  /** The app's clock (tests move it by hand) and job worker options, as buildApp takes them. */
  clock?: Clock;
  jobs?: JobsOptions;
  /** The embedded provider's sign-in policy and throttle clock, as buildApp takes them. */
  signIn?: AppOptions['signIn'];
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A tiny built web app: enough to check serving, caching and the SPA fallback. */
function writeWebDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'i18n'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!DOCTYPE html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'i18n/system_en-US.json'), '{"hello":"Hello"}\n');
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh DATA_DIR copied from the run's template, and, when DATABASE_URL is set, a fresh
 * PostgreSQL database for this world alone.
 */
export async function createStorage(): Promise<WorldStorage> {
  const root = mkdtempSync(path.join(tmpdir(), 'parkhere-test-'));
  const dataDir = path.join(root, 'data');
  cpSync(inject('templateDataDir'), dataDir, { recursive: true });
  const webDist = path.join(root, 'web');
  writeWebDist(webDist);
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  if (adminUrl !== undefined && adminUrl !== '') {
    databaseName = `parkhere_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    webDist,
    dispose: async () => {
      if (adminUrl !== undefined && databaseName !== undefined) {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The environment of a server on the world, listening on loopback at `port`. */
export function worldEnv(world: WorldStorage, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: world.dataDir,
    WEB_DIST: world.webDist,
    LOG_LEVEL: 'info',
    ...(world.databaseUrl === undefined ? {} : { DATABASE_URL: world.databaseUrl }),
  };
}

/** The world's database, migrated (and with the demo data when asked), for tests that need no server. */
export async function openWorldDatabase(world: WorldStorage, { demoData = false } = {}): Promise<Database> {
  const database = await openDatabase({ databaseUrl: world.databaseUrl, dataDir: world.dataDir });
  await migrate(database.db);
  await attachAudit(database.db, auditedTables);
  if (demoData) {
    await seedDemoData(database.db);
  }
  return database;
}

/**
 * A migrated database of its own for a test file that needs no server (with the demo data when asked),
 * closed and removed after the file's tests.
 */
export async function databaseOfFile(options: { demoData?: boolean } = {}): Promise<Database> {
  const storage = await createStorage();
  const database = await openWorldDatabase(storage, options);
  afterAll(async () => {
    await database.close();
    await storage.dispose();
  });
  return database;
}

/** Builds the app in-process on the world's storage and listens on a free port for real HTTP. */
export async function startServer(
  world: WorldStorage,
  options: StartOptions = {},
  attempt = 1,
): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const config = loadConfig({ ...worldEnv(world, port), ...options.env });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp(config, {
    logStream,
    apiPlugins: options.apiPlugins ?? [],
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
    ...(options.signIn === undefined ? {} : { signIn: options.signIn }),
  });
  if (options.listen !== false) {
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      // freePort's port was free when asked, but on a busy machine an outgoing connection (another worker's
      // database client) may take it before this listens: a port of our own choice is asked for again.
      if (
        options.port === undefined &&
        (error as NodeJS.ErrnoException).code === 'EADDRINUSE' &&
        attempt < 3
      ) {
        await app.close();
        return startServer(world, options, attempt + 1);
      }
      throw error;
    }
  }
  let stopped = false;
  const stop = async () => {
    if (!stopped) {
      stopped = true;
      await app.close();
    }
  };
  return {
    url: config.publicUrl,
    app,
    db: app.database.db,
    config,
    logs,
    stop,
    close: async () => {
      await stop();
      await world.dispose();
    },
  };
}

const ZONE = 'Europe/Budapest';
const MINUTE = 60_000;

export type SeededReservation = {
  /** The owner's email; their favourite car is the reservation's. */
  owner: string;
  slot: string;
  date: string;
  start: string;
  end: string;
  type?: 'NORMAL' | 'QUICK' | 'GUEST' | 'LONG';
  guest?: { name: string; email: string; licensePlate: string };
  reminder?: string | null;
  sendNotification?: boolean;
  instantNotificateTheDoorman?: boolean;
  seriesId?: string;
};

/** The demo user's working day on `slot`: 09:00–17:00 of `date`, with their favourite car. */
export const usersWorkingDay = (slot: string, date: string): SeededReservation => ({
  owner: 'user@parkhere.example',
  slot,
  date,
  start: '09:00',
  end: '17:00',
});

/**
 * Writes an ACTIVE reservation as the operations would, without their rules (they are not under test, and no
 * operation may create one that has already started); returns its id.
 */
export async function seedReservation(db: Executor, reservation: SeededReservation): Promise<string> {
  const [id] = await seedReservations(
    db,
    sql`SELECT u.id AS owner_id, s.id AS parking_slot_id, c.id AS car_id, c.license_plate AS car_license_plate,
        ${reservation.guest?.name ?? null}::text AS guest_name, ${reservation.guest?.email ?? null}::text AS guest_email,
        ${reservation.guest?.licensePlate ?? null}::text AS guest_license_plate, ${reservation.date}::date AS date,
        ${reservation.start}::time AS start_time, ${reservation.end}::time AS end_time,
        ${reservation.type ?? 'NORMAL'}::reservation_type AS reservation_type,
        ${reservation.sendNotification ?? true} AS send_notification,
        ${reservation.reminder === undefined ? '00:15:00' : reservation.reminder}::interval AS reminder_before_reservation,
        ${reservation.instantNotificateTheDoorman ?? false} AS instant_notificate_the_doorman,
        ${reservation.seriesId ?? null}::uuid AS series_id, u.email AS created_by
      FROM users u
        JOIN parking_slots s ON s.name = ${reservation.slot}
        LEFT JOIN cars c ON c.user_id = u.id AND c.is_favorite
      WHERE u.email = ${reservation.owner}`,
    ZONE,
  );
  if (id === undefined) {
    throw new Error(`no user ${reservation.owner} or slot ${reservation.slot}`);
  }
  return id;
}

/**
 * A reservation in progress at `now` (the machine's time unless given: pass the app clock's):
 * [now - 10 min, now + 50 min), clamped to today.
 */
export async function seedInProgress(
  db: Executor,
  options: { owner: string; slot: string; now?: number },
): Promise<string> {
  const now = options.now ?? Date.now();
  const today = wallClockAt(new Date(now), ZONE).date;
  const startAt = wallClockAt(new Date(now - 10 * MINUTE), ZONE);
  const endAt = wallClockAt(new Date(now + 50 * MINUTE), ZONE);
  return seedReservation(db, {
    owner: options.owner,
    slot: options.slot,
    date: today,
    start: startAt.date === today ? startAt.time : '00:00:00',
    end: endAt.date === today ? endAt.time : '23:59:59',
  });
}

export type SeededWaitlistEntry = {
  /** The owner's email; their favourite car is the entry's. */
  owner: string;
  date: string;
  start: string;
  end: string;
  type?: 'NORMAL' | 'QUICK' | 'GUEST';
  /** Only this garage, by name; any of the owner's otherwise. */
  garage?: string;
};

/**
 * Inserts the row `insert` selects for the user `owner` names (`u`, with their favourite car as `c`, if any) and
 * returns its id.
 */
async function insertOfOwner(db: Executor, owner: string, insert: RawBuilder<unknown>): Promise<string> {
  const result = await sql<{ id: string }>`${insert}
    FROM users u LEFT JOIN cars c ON c.user_id = u.id AND c.is_favorite
    WHERE u.email = ${owner}
    RETURNING id::text AS id`.execute(db);
  const row = result.rows[0];
  if (row === undefined) {
    throw new Error(`no user ${owner}`);
  }
  return row.id;
}

/** Writes a WAITING waitlist entry as joinWaitlist would, without its rules; returns its id. */
export async function seedWaitlistEntry(db: Executor, entry: SeededWaitlistEntry): Promise<string> {
  return insertOfOwner(
    db,
    entry.owner,
    sql`INSERT INTO waitlist_entries (user_id, parking_garage_id, car_id, date, start_time, end_time, during,
      reservation_type, created_by)
    SELECT u.id, (SELECT g.id FROM parking_garages g WHERE g.name = ${entry.garage ?? null}), c.id,
      ${entry.date}::date, ${entry.start}::time, ${entry.end}::time,
      wall_clock_range(${entry.date}::date, ${entry.start}::time, ${entry.end}::time, ${ZONE}),
      ${entry.type ?? 'NORMAL'}::reservation_type, u.email`,
  );
}

export type SeededDrawRequest = {
  /** The owner's email; their favourite car is the request's. */
  owner: string;
  /** The garage's name. */
  garage: string;
  date: string;
  start: string;
  end: string;
  type?: 'NORMAL' | 'QUICK';
  status?: 'PENDING' | 'WON' | 'LOST' | 'WITHDRAWN';
};

/** Writes a draw request as requestDraw would, without its rules; returns its id. */
export async function seedDrawRequest(db: Executor, request: SeededDrawRequest): Promise<string> {
  return insertOfOwner(
    db,
    request.owner,
    sql`INSERT INTO draw_requests (user_id, parking_garage_id, car_id, date, start_time, end_time, during,
      reservation_type, draw_status, created_by)
    SELECT u.id, (SELECT g.id FROM parking_garages g WHERE g.name = ${request.garage}), c.id,
      ${request.date}::date, ${request.start}::time, ${request.end}::time,
      wall_clock_range(${request.date}::date, ${request.start}::time, ${request.end}::time, ${ZONE}),
      ${request.type ?? 'NORMAL'}::reservation_type, ${request.status ?? 'PENDING'}::draw_status, u.email`,
  );
}

export type SeededHoliday = { owner: string; start: string; end: string };

export async function seedHoliday(db: Executor, holiday: SeededHoliday): Promise<string> {
  const result = await sql<{ id: string }>`INSERT INTO holidays (user_id, start_date, end_date)
    SELECT id, ${holiday.start}::date, ${holiday.end}::date FROM users WHERE email = ${holiday.owner}
    RETURNING id::text AS id`.execute(db);
  const row = result.rows[0];
  if (row === undefined) {
    throw new Error(`no user ${holiday.owner}`);
  }
  return row.id;
}

export const userIdOf = async ({ db }: { db: Executor }, email: string): Promise<string> =>
  (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** The n-th working day after today in the demo calendar (Hungarian holidays and additional days). */
export const workingDayAfter = async ({ db }: { db: Executor }, n = 1): Promise<string> => {
  const days =
    await sql<DayOverride>`SELECT to_char(day, 'YYYY-MM-DD') AS day, type_of_day FROM additional_days`.execute(
      db,
    );
  const calendar = workingCalendar(days.rows);
  let date = wallClockAt(new Date(), ZONE).date;
  for (let index = 0; index < n; index += 1) {
    date = nextWorkingDay(date, calendar) ?? addDays(date, 1);
  }
  return date;
};

/** A mutable clock the tests move forward. */
export function movableClock(start: string) {
  let now = new Date(start);
  return {
    clock: () => new Date(now),
    set: (instant: string) => {
      now = new Date(instant);
    },
  };
}

/** Clears the demo's configured templates so the built-in defaults show. */
export async function useDefaultTemplates(db: Executor): Promise<void> {
  await db
    .updateTable('configuration')
    .set({
      doormanEmailTemplate: null,
      deletionEmailTemplate: null,
      modificationEmailTemplate: null,
      reminderEmailTemplate: null,
      doormanEmailTemplateEn: null,
      deletionEmailTemplateEn: null,
      modificationEmailTemplateEn: null,
      reminderEmailTemplateEn: null,
    })
    .execute();
  await db
    .updateTable('parkingGarages')
    .set({ emailTemplateOfTheGarage: null, emailTemplateOfTheGarageEn: null })
    .execute();
}

/**
 * Takes the demo's floor plans off its slots and removes their files, for the tests of a slot's own plan file that
 * start from slots without one.
 */
export async function withoutFloorPlans(db: Executor): Promise<void> {
  await sql`UPDATE parking_slots SET floor_plan_id = NULL, plan_x = NULL, plan_y = NULL`.execute(db);
  await sql`DELETE FROM files`.execute(db);
}

export async function setLocale(db: Executor, email: string, locale: 'hu-HU' | 'en-US'): Promise<void> {
  await sql`UPDATE users SET locale = ${locale} WHERE email = ${email}`.execute(db);
}

/**
 * Runs `body` while the configured time zone is `timeZone`, as an administrator saves it (Configuration settings:
 * the reservations still to come keep their wall clock and move their instants), and sets the demo's Budapest
 * back afterwards, whatever `body` came to.
 */
export async function inTimeZone(admin: Client, timeZone: string, body: () => Promise<void>): Promise<void> {
  const save = (zone: string) =>
    admin.post(
      '/services/ConfigurationSettings/~update',
      { timeZone: zone },
      { 'X-Judo-Mask': '{timeZone}' },
    );
  const saved = await save(timeZone);
  try {
    if (saved.status !== 200) {
      throw new Error(`the time zone ${timeZone} was not saved: ${saved.status} ${await saved.text()}`);
    }
    await body();
  } finally {
    await save('Europe/Budapest');
  }
}

export type WorldSpec<Login extends string> = StartOptions & {
  /** Who signs in: demo logins or new ones (provisioned on their first call); a client each. */
  users?: readonly Login[];
  reservations?: readonly SeededReservation[];
  holidays?: readonly SeededHoliday[];
};

/** What every world has; beside it, a client per user named by its login (no login is one of these keys). */
export type WorldParts = {
  /** `server.close()` stops the app and drops the world. */
  server: TestServer;
  db: Executor;
  storage: WorldStorage;
  anonymous: Requests;
  /** The ids of the seeded reservations and holidays, in the order the spec names them. */
  reservations: string[];
  holidays: string[];
};

export type World<Login extends string> = WorldParts & Record<Login, Client>;

/** The demo data on fresh storage, what the spec names seeded into it, and the app serving it. */
export async function createWorld<const Login extends string = never>(
  spec: WorldSpec<Login> = {},
): Promise<World<Login>> {
  const storage = await createStorage();
  const server = await startServer(storage, spec);
  const reservations: string[] = [];
  for (const reservation of spec.reservations ?? []) {
    reservations.push(await seedReservation(server.db, reservation));
  }
  const holidays: string[] = [];
  for (const holiday of spec.holidays ?? []) {
    holidays.push(await seedHoliday(server.db, holiday));
  }
  const clients = Object.fromEntries(
    await Promise.all((spec.users ?? []).map(async (login) => [login, await clientFor(server, login)])),
  ) as Record<Login, Client>;
  const parts: WorldParts = {
    server,
    db: server.db,
    storage,
    anonymous: requestsAs(server.url),
    reservations,
    holidays,
  };
  return { ...clients, ...parts };
}

/** The world of a test file, created as the file loads (`await` at its top level) and dropped after its tests. */
export async function worldOfFile<const Login extends string = never>(
  spec: WorldSpec<Login> = {},
): Promise<World<Login>> {
  const world = await createWorld(spec);
  afterAll(() => world.server.close());
  return world;
}
