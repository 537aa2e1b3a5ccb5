import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';
import { auditMark, auditSince } from '../audit/audit-log.ts';
import { update } from '../client.ts';
import { jobRows, runAllJobs } from '../jobs/inspect.ts';
import type { Entity } from '../reservations/forms.ts';
import { seedReservation, seedWaitlistEntry } from '../world.ts';
import { usersWorldOfFile } from './users-table.ts';

/*
 * Retention (issue 27, item 6) on a pinned clock: the daily `retention` job of Thursday 5 March 2026, 03:30 in
 * Budapest, with the default 24 months keeps 5 March 2024 as it was and replaces what names people on the
 * reservations and waitlist places of the 4th and before; they stay for the statistics. The audit log has the
 * change as system:retention and keeps none of the replaced values; a run again changes nothing more. Captured
 * mail older than 30 days goes. The setting (and the audit log's) is refused out of its bounds.
 */
const { server, admin, time } = await usersWorldOfFile(['admin', 'user']);
const db = server.db;

const USER = 'user@parkhere.example';
const RUN_AT = '2026-03-05T03:30:00+01:00';
const OUTSIDE = '2024-03-04';
const INSIDE = '2024-03-05';
const GUEST = { name: 'Rita Retained', email: 'rita@guest.example', licensePlate: 'RIT 024' };

const guestDay = (date: string, slot: string) =>
  seedReservation(db, { owner: USER, slot, date, start: '09:00', end: '10:00', type: 'GUEST', guest: GUEST });
const pastEntry = async (date: string) => {
  const id = await seedWaitlistEntry(db, { owner: USER, date, start: '09:00', end: '10:00' });
  await sql`UPDATE waitlist_entries SET waitlist_status = 'EXPIRED' WHERE id = ${id}`.execute(db);
  return id;
};

const rowOf = async (table: 'reservations' | 'waitlist_entries', id: string) =>
  (
    await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE id = ${id}`.execute(
      db.withoutPlugins(),
    )
  ).rows[0] ?? {};

const auditImagesOf = async (table: string, rowId: string) =>
  (
    await sql<{ images: string }>`SELECT coalesce(before::text, '') || coalesce(after::text, '') AS images
      FROM audit_log WHERE table_name = ${table} AND row_id = ${rowId}`.execute(db)
  ).rows.map((row) => row.images);

// Only the run this app queued on its clock: not the one the template data directory was queued with on the
// real clock.
await sql`DELETE FROM jobs WHERE kind = 'retention' AND idempotency_key <> 'retention:2026-03-05'`.execute(
  db,
);

const outside = await guestDay(OUTSIDE, 'A-103');
const inside = await guestDay(INSIDE, 'A-103');
const outsideEntry = await pastEntry(OUTSIDE);
const insideEntry = await pastEntry(INSIDE);
const userPlate = String((await rowOf('reservations', outside)).car_license_plate);
const insideBefore = await rowOf('reservations', inside);
const insideEntryBefore = await rowOf('waitlist_entries', insideEntry);

// Captured mail written 31 and 29 days before the run (its files' times, as the clean-up reads them).
const mailDir = mailDirOf(server.config.dataDir);
const capturedMail = (name: string, daysOld: number) => {
  mkdirSync(mailDir, { recursive: true });
  const file = path.join(mailDir, name);
  writeFileSync(file, `To: ${USER}\r\nSubject: old\r\n\r\nbody\r\n`);
  const at = new Date(new Date(RUN_AT).getTime() - daysOld * 24 * 60 * 60 * 1000);
  utimesSync(file, at, at);
  return file;
};
const oldMail = capturedMail('old.eml', 31);
const recentMail = capturedMail('recent.eml', 29);

/** Runs the retention run the app queued for the night, and only it, at its time. */
const runRetention = async () => {
  await sql`DELETE FROM jobs WHERE kind <> 'retention'`.execute(db);
  time.set(RUN_AT);
  await runAllJobs(server);
};

const configuration = () =>
  admin.json<Entity>('/services/Actor/configurationSettings/~get', {
    _mask: '{retentionMonths,auditRetentionMonths}',
  });

// The bookings' retention, and the audit log's (issue 28, item 8), which its own daily job applies.
describe.each(['retentionMonths', 'auditRetentionMonths'])('the %s setting', (attribute) => {
  it('is 24 months unless set, and takes a whole number of months from 1 to 120', async () => {
    const settings = await configuration();
    expect(settings[attribute]).toBe(24);
    for (const months of [0, 121, -3]) {
      const refused = await update(admin, 'ConfigurationSettings', settings, { [attribute]: months });
      expect(refused.status, String(months)).toBe(422);
      expect(await refused.json()).toMatchObject({
        code: 'RETENTION_OUT_OF_RANGE',
        details: { attribute, min: 1, max: 120 },
      });
    }
    for (const months of [2.5, '12']) {
      const refused = await update(admin, 'ConfigurationSettings', settings, { [attribute]: months });
      expect(refused.status, String(months)).toBe(400);
      expect(await refused.json()).toMatchObject([{ code: 'CONVERSION_FAILED', location: attribute }]);
    }
    expect((await configuration())[attribute]).toBe(24);
    const accepted = await update(admin, 'ConfigurationSettings', settings, { [attribute]: 120 });
    expect(accepted.status).toBe(200);
    expect(await configuration()).toMatchObject({
      retentionMonths: 24,
      auditRetentionMonths: 24,
      [attribute]: 120,
    });
    const back = await update(admin, 'ConfigurationSettings', await configuration(), { [attribute]: 24 });
    expect(back.status).toBe(200);
  });
});

describe('the daily retention job', () => {
  it('is queued for the night, in the configured zone', async () => {
    const runs = await jobRows(db, 'retention');
    expect(runs.map((run) => [run.idempotencyKey, run.runAt.toISOString()])).toEqual([
      ['retention:2026-03-05', new Date(RUN_AT).toISOString()],
    ]);
  });

  it('anonymises the reservations and waitlist places of the days before the retention, not the first day kept', async () => {
    const mark = await auditMark(db);
    await runRetention();

    const aged = await rowOf('reservations', outside);
    expect(aged).toMatchObject({
      reservation_type: 'GUEST',
      reservation_status: 'ACTIVE',
      guest_name: 'Anonymised guest',
      guest_email: 'guest@anonymised.invalid',
      guest_license_plate: 'ANONYMISED',
      car_id: null,
      car_license_plate: null,
      created_by: null,
    });
    expect(aged.anonymised_at).not.toBeNull();
    expect(await rowOf('reservations', inside)).toEqual(insideBefore);
    expect(await rowOf('waitlist_entries', outsideEntry)).toMatchObject({
      waitlist_status: 'EXPIRED',
      car_id: null,
      created_by: null,
    });
    expect(await rowOf('waitlist_entries', insideEntry)).toEqual(insideEntryBefore);

    // Recorded as the job's, and no entry about the aged rows keeps what was replaced.
    const entries = await auditSince(db, mark);
    expect(
      entries
        .filter((entry) => entry.table === 'reservations' || entry.table === 'waitlist_entries')
        .map((entry) => [entry.table, entry.rowId, entry.action, entry.actor, entry.reason]),
    ).toEqual([
      ['reservations', outside, 'UPDATE', 'system:retention', 'retention'],
      ['waitlist_entries', outsideEntry, 'UPDATE', 'system:retention', 'retention'],
    ]);
    for (const images of await auditImagesOf('reservations', outside)) {
      for (const value of [GUEST.name, GUEST.email, GUEST.licensePlate, userPlate, USER]) {
        expect(images).not.toContain(value);
      }
    }
    for (const images of await auditImagesOf('waitlist_entries', outsideEntry)) {
      expect(images).not.toContain(USER);
    }
    expect((await auditImagesOf('reservations', inside)).join()).toContain(GUEST.email);
  });

  it('removes the captured mail older than 30 days', async () => {
    expect(existsSync(oldMail)).toBe(false);
    expect(existsSync(recentMail)).toBe(true);
  });

  it('changes nothing more when the run is done again (a crash before it was marked done) and chains the next night', async () => {
    const aged = await rowOf('reservations', outside);
    const agedEntry = await rowOf('waitlist_entries', outsideEntry);
    const mark = await auditMark(db);
    await sql`UPDATE jobs SET state = 'pending', finished_at = NULL
      WHERE idempotency_key = 'retention:2026-03-05'`.execute(db);
    await runAllJobs(server);
    expect(await rowOf('reservations', outside)).toEqual(aged);
    expect(await rowOf('waitlist_entries', outsideEntry)).toEqual(agedEntry);
    expect(await auditSince(db, mark)).toEqual([]);
    expect((await jobRows(db, 'retention')).map((run) => [run.idempotencyKey, run.state])).toEqual([
      ['retention:2026-03-05', 'done'],
      ['retention:2026-03-06', 'pending'],
    ]);
  });
});
