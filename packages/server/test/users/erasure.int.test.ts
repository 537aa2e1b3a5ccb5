import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';
import { clientFor, type Requests, update } from '../client.ts';
import { jobRows, runAllJobs } from '../jobs/inspect.ts';
import type { Entity } from '../reservations/forms.ts';
import { seedReservation, userIdOf } from '../world.ts';
import { userOperation, usersRowOf, usersWorldOfFile } from './users-table.ts';

/*
 * Erasure (issue 27, item 4): an administrator anonymises a deactivated user. Name, email, plates and their
 * reservations' guests become a pseudonym, the same one wherever the value was; the reservations stay; the
 * audit log records the act and keeps none of what was replaced; nobody else's data changes; and the
 * pseudonym's account never signs in again. The app's clock is a Wednesday morning in Budapest.
 */
const { server, admin, user, quick } = await usersWorldOfFile(['admin', 'user', 'quick']);
const db = server.db;

const QUICK = 'quick@parkhere.example';
const USER = 'user@parkhere.example';
const QUICK_NAME = 'Quentin Quick';
const QUICK_PLATE = 'QQQ 123';
const GONE_PLATE = 'QQQ 999';
const GUEST = { name: 'Greta Guest', email: 'greta@guest.example', licensePlate: 'GRT 001' };
const DOORMAN_NAME = 'Quinn at the Gate';

const usersRow = usersRowOf(admin);

const anonymise = (caller: Requests, row: Entity) => userOperation(caller, 'anonymise', row);

const reservationRow = async (id: string) =>
  (
    await sql<
      Record<string, string | null>
    >`SELECT car_license_plate, guest_name, guest_email, guest_license_plate,
        created_by, reservation_status FROM reservations WHERE id = ${id}`.execute(db.withoutPlugins())
  ).rows[0];

/** How many audit entries anywhere still hold `value`. */
const auditMentions = async (value: string) =>
  Number(
    (
      await sql<{ count: string }>`SELECT count(*) AS count FROM audit_log
        WHERE strpos(coalesce(before::text, '') || coalesce(after::text, ''), ${value}) > 0`.execute(db)
    ).rows[0]?.count,
  );

const auditOfRow = async (table: string, rowId: string) =>
  (
    await sql<{ images: string }>`SELECT coalesce(before::text, '') || coalesce(after::text, '') AS images
      FROM audit_log WHERE table_name = ${table} AND row_id = ${rowId}`.execute(db)
  ).rows.map((row) => row.images);

// Quick as the erasure finds them: renamed by an administrator, a car and a deleted car, a past guest
// reservation, and a reservation of user's that quick made. User has a guest of the same name.
const quickId = await userIdOf(server, QUICK);
expect(
  (await quick.answer({ method: 'POST', path: '/services/Actor/userReservationPanel/~get' })).status,
).toBe(200);
expect((await update(admin, 'UserSettings', await usersRow(QUICK), { name: QUICK_NAME })).status).toBe(200);
await sql`UPDATE cars SET is_favorite = false WHERE user_id = ${quickId}`.execute(db);
await sql`INSERT INTO cars (user_id, license_plate, is_favorite) VALUES (${quickId}, ${QUICK_PLATE}, true),
  (${quickId}, ${GONE_PLATE}, false)`.execute(db);
await sql`DELETE FROM cars WHERE license_plate = ${GONE_PLATE}`.execute(db);
const quickGuest = await seedReservation(db, {
  owner: QUICK,
  slot: 'A-103',
  date: '2026-03-02',
  start: '09:00',
  end: '10:00',
  type: 'GUEST',
  guest: GUEST,
});
const usersGuest = await seedReservation(db, {
  owner: USER,
  slot: 'A-104',
  date: '2026-03-02',
  start: '09:00',
  end: '10:00',
  type: 'GUEST',
  guest: GUEST,
});
const madeByQuick = await seedReservation(db, {
  owner: USER,
  slot: 'A-104',
  date: '2026-03-03',
  start: '09:00',
  end: '10:00',
});
await sql`UPDATE reservations SET created_by = ${QUICK} WHERE id = ${madeByQuick}`.execute(db);
const usersBefore = await reservationRow(usersGuest);

// Quick is also a doorman of the first garage, under another name and their email in capitals.
await sql`WITH d AS (INSERT INTO doormen (name, email) VALUES (${DOORMAN_NAME}, ${QUICK.toUpperCase()}) RETURNING id)
  INSERT INTO doorman_garages (doorman_id, parking_garage_id) SELECT d.id, min(g.id) FROM d, parking_garages g
  GROUP BY d.id`.execute(db);
const doormenOf = async (email: string) =>
  (
    await sql<{ name: string }>`SELECT name FROM doormen WHERE lower(email) = lower(${email})`.execute(db)
  ).rows.map((row) => row.name);
expect(await doormenOf(QUICK)).toEqual([DOORMAN_NAME]);

// Their sign-in as the audit log names it: the account's provisioning, recorded as its actor.
const identity = await sql<{ actor: string }>`SELECT 'sign-in:' || issuer || '#' || subject AS actor
  FROM user_identities WHERE user_id = ${quickId}`.execute(db);
const signInActor = identity.rows[0]?.actor ?? 'none';

const actorEntries = async (actor: string) =>
  Number(
    (await sql<{ count: string }>`SELECT count(*) AS count FROM audit_log WHERE actor = ${actor}`.execute(db))
      .rows[0]?.count,
  );

// Captured mail to quick (in a name and another case) and to user.
const mailDir = mailDirOf(server.config.dataDir);
mkdirSync(mailDir, { recursive: true });
const capturedMail = (name: string, recipients: string) => {
  const file = path.join(mailDir, name);
  writeFileSync(file, `From: parkhere@parkhere.example\r\n${recipients}\r\nSubject: a mail\r\n\r\nbody\r\n`);
  return file;
};
const mailToQuick = capturedMail('to-quick.eml', 'To: "Quentin Quick" <QUICK@parkhere.example>');
const mailCcQuick = capturedMail(
  'cc-quick.eml',
  `To: ${USER}\r\nCc: "Someone" <someone@parkhere.example>,\r\n ${QUICK}`,
);
const mailToUser = capturedMail('to-user.eml', `To: ${USER}`);

describe('anonymising a user', () => {
  it('is refused to a non-administrator, and for an active user (422 USER_STILL_ACTIVE), changing nothing', async () => {
    const row = await usersRow(QUICK);
    expect((await anonymise(user, row)).status).toBe(403);
    const active = await anonymise(admin, row);
    expect(active.status).toBe(422);
    expect(active.body).toMatchObject({ code: 'USER_STILL_ACTIVE' });
    expect((await usersRow(QUICK)).name).toBe(QUICK_NAME);
    expect(await auditMentions(QUICK)).toBeGreaterThan(0);
    expect(await actorEntries(signInActor)).toBeGreaterThan(0);
  });

  it('replaces name, email, plates and guests by one pseudonym, keeps the reservations, and audits the act', async () => {
    expect((await update(admin, 'UserSettings', await usersRow(QUICK), { isActive: false })).status).toBe(
      200,
    );
    const answer = await anonymise(admin, await usersRow(QUICK));
    expect(answer.status).toBe(200);

    const stored = await sql<{ name: string; email: string; anonymised: boolean }>`SELECT name, email,
        anonymised_at IS NOT NULL AS anonymised FROM users WHERE id = ${quickId}`.execute(db);
    const erased = stored.rows[0];
    expect(erased?.anonymised).toBe(true);
    const token = /^Anonymous ([0-9A-F]{8})$/.exec(erased?.name ?? '')?.[1] ?? 'none';
    expect(erased?.email).toBe(`anonymous-${token.toLowerCase()}@anonymised.invalid`);
    const cars = await sql<{
      plate: string;
    }>`SELECT license_plate AS plate FROM cars WHERE user_id = ${quickId}
      AND is_favorite`.execute(db);
    const plate = cars.rows[0]?.plate ?? '';
    expect(plate).toMatch(new RegExp(`^ANON ${token} \\d+$`));

    // Kept for the statistics, its plate the car's pseudonym, its guest one of quick's.
    const kept = await reservationRow(quickGuest);
    expect(kept).toMatchObject({ reservation_status: 'ACTIVE', car_license_plate: plate });
    expect(kept?.guest_name).toMatch(new RegExp(`^Visitor \\d+ of Anonymous ${token}$`));
    expect(kept?.guest_email).toMatch(
      new RegExp(`^visitor-\\d+-${token.toLowerCase()}@anonymised\\.invalid$`),
    );
    expect(kept?.guest_license_plate).toMatch(new RegExp(`^ANON ${token} \\d+$`));
    expect((await reservationRow(madeByQuick))?.created_by).toBe(erased?.email);

    // Nothing the person was is left in the audit log, deleted rows' entries included.
    for (const value of [QUICK, QUICK.toUpperCase(), QUICK_NAME, QUICK_PLATE, GONE_PLATE, DOORMAN_NAME]) {
      expect(await auditMentions(value), value).toBe(0);
    }
    // Their doorman row went; their sign-in is named by the pseudonym where the log names it as the actor.
    expect(await doormenOf(QUICK)).toEqual([]);
    expect(await doormenOf(erased?.email ?? '')).toEqual([]);
    expect(await actorEntries(signInActor)).toBe(0);
    expect(await actorEntries(signInActor.replace(/#.*$/, `#${erased?.email}`))).toBeGreaterThan(0);
    // Their captured mail goes once the erasure's job ran; nobody else's, and the queue never held the address.
    expect(JSON.stringify(await jobRows(db, 'erasure.captured-mail'))).not.toContain('quick');
    await runAllJobs(server);
    expect([mailToQuick, mailCcQuick, mailToUser].map((file) => existsSync(file))).toEqual([
      false,
      false,
      true,
    ]);
    for (const images of await auditOfRow('reservations', quickGuest)) {
      expect(images).not.toContain(GUEST.email);
      expect(images).not.toContain(GUEST.name);
    }
    // The act: the administrator's, for the reason erasure.
    const acts = await sql<{ actor: string }>`SELECT actor FROM audit_log WHERE table_name = 'users'
      AND row_id = ${quickId} AND reason = 'erasure'`.execute(db);
    expect(acts.rows.map((row) => row.actor)).toContain(
      `user:${await userIdOf(server, 'admin@parkhere.example')}`,
    );
  });

  it("leaves another user's data as it was, their guest of the same name included", async () => {
    expect(await reservationRow(usersGuest)).toEqual(usersBefore);
    expect((await auditOfRow('reservations', usersGuest)).join()).toContain(GUEST.email);
    expect((await usersRow(USER)).email).toBe(USER);
    expect(
      (await user.answer({ method: 'POST', path: '/services/Actor/userReservationPanel/~get' })).status,
    ).toBe(200);
  });

  it('cannot be undone: a second anonymisation and a reactivation are refused', async () => {
    const row = await sql<{ email: string }>`SELECT email FROM users WHERE id = ${quickId}`.execute(db);
    const erased = await usersRow(row.rows[0]?.email ?? '');
    const again = await anonymise(admin, erased);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'USER_ALREADY_ANONYMISED' });
    const reactivated = await update(admin, 'UserSettings', erased, { isActive: true });
    expect(reactivated.status).toBe(422);
    expect(await reactivated.json()).toMatchObject({ code: 'USER_ALREADY_ANONYMISED' });
  });

  it("refuses the person's sign-in afterwards, with a token of their account minted anew", async () => {
    const fresh = await clientFor(server, 'quick');
    const answer = await fresh.answer({ method: 'POST', path: '/services/Actor/userReservationPanel/~get' });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
    const users = await sql<{ count: string }>`SELECT count(*) AS count FROM users
      WHERE lower(email) = ${QUICK}`.execute(db);
    expect(Number(users.rows[0]?.count)).toBe(0);
  });
});
