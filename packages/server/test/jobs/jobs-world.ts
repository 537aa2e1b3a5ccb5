import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import PostalMime, { type Email } from 'postal-mime';
import { buildApp } from '../../src/app.ts';
import type { JobsOptions } from '../../src/jobs.ts';
import type { Clock } from '../../src/platform/calendar.ts';
import { loadConfig } from '../../src/platform/config.ts';
import type { Executor } from '../../src/platform/jobs/jobs-table.ts';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';
import type { TestWorld } from '../harness.ts';

export type JobsApp = { app: FastifyInstance; db: Executor; logs: string[]; close: () => Promise<void> };

/** The app on a test world without HTTP: the worker and mail are what these tests look at. */
export async function startJobsApp(
  world: TestWorld,
  options: { clock?: Clock; jobs?: JobsOptions; env?: Record<string, string> } = {},
): Promise<JobsApp> {
  const config = loadConfig({
    PORT: '8555',
    HOST: '127.0.0.1',
    DATA_DIR: world.dataDir,
    WEB_DIST: world.webDist,
    LOG_LEVEL: 'info',
    ...(world.databaseUrl === undefined ? {} : { DATABASE_URL: world.databaseUrl }),
    ...options.env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp(config, {
    logStream,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    jobs: { poll: false, ...options.jobs },
  });
  return { app, db: app.database.db, logs, close: () => app.close() };
}

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

export type SeededReservation = {
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

/** Writes a reservation as the operations would (their rules are not under test here); returns its id. */
export async function seedReservation(db: Executor, reservation: SeededReservation): Promise<string> {
  const result = await sql<{ id: string }>`
    INSERT INTO reservations (owner_id, parking_slot_id, car_id, car_license_plate, guest_name, guest_email,
      guest_license_plate, date, start_time, end_time, during, reservation_type, send_notification,
      reminder_before_reservation, instant_notificate_the_doorman, series_id)
    SELECT u.id, s.id, c.id, c.license_plate, ${reservation.guest?.name ?? null}, ${reservation.guest?.email ?? null},
      ${reservation.guest?.licensePlate ?? null}, ${reservation.date}::date, ${reservation.start}::time,
      ${reservation.end}::time,
      wall_clock_range(${reservation.date}::date, ${reservation.start}::time, ${reservation.end}::time, 'Europe/Budapest'),
      ${reservation.type ?? 'NORMAL'}::reservation_type, ${reservation.sendNotification ?? true},
      ${reservation.reminder === undefined ? '00:15:00' : reservation.reminder}::interval,
      ${reservation.instantNotificateTheDoorman ?? false}, ${reservation.seriesId ?? null}::uuid
    FROM users u
      JOIN parking_slots s ON s.name = ${reservation.slot}
      LEFT JOIN cars c ON c.user_id = u.id AND c.is_favorite
    WHERE u.email = ${reservation.owner}
    RETURNING id::text AS id`.execute(db);
  const row = result.rows[0];
  if (row === undefined) {
    throw new Error(`no user ${reservation.owner} or slot ${reservation.slot}`);
  }
  return row.id;
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
    })
    .execute();
  await db.updateTable('parkingGarages').set({ emailTemplateOfTheGarage: null }).execute();
}

export async function setLocale(db: Executor, email: string, locale: 'hu-HU' | 'en-US'): Promise<void> {
  await sql`UPDATE users SET locale = ${locale} WHERE email = ${email}`.execute(db);
}

export type CapturedMail = Email & { file: string; raw: string };

/** Every captured .eml, oldest first, parsed as a mail client would. */
export async function readMails(dataDir: string): Promise<CapturedMail[]> {
  const dir = mailDirOf(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails: CapturedMail[] = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    const raw = readFileSync(file, 'utf8');
    mails.push({ ...(await PostalMime.parse(raw)), file, raw });
  }
  return mails;
}

export const recipientsOf = (mail: Email): string[] =>
  (mail.to ?? []).map((address) => address.address ?? '');

export async function jobRows(db: Executor, kind?: string) {
  const result = await sql<{
    id: string;
    kind: string;
    state: string;
    attempts: number;
    runAt: Date;
    lastError: string | null;
    idempotencyKey: string | null;
    payload: Record<string, unknown>;
  }>`SELECT id::text AS id, kind, state, attempts, run_at, last_error, idempotency_key, payload FROM jobs
    WHERE ${kind === undefined ? sql`true` : sql`kind = ${kind}`} ORDER BY id`.execute(db);
  return result.rows;
}
