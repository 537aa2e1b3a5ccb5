import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deactivate } from '../../src/lifecycle.ts';
import { mailLimitsOf } from '../../src/platform/mail/mail-limits.ts';
import { type Requests, update, withId } from '../client.ts';
import { jobRows } from '../jobs/inspect.ts';
import type { Entity } from '../reservations/forms.ts';
import {
  contestedDay as contestedWaitlistDay,
  onlySlots,
  requestOf,
  reservationOf,
  statusOf,
  takeSlot,
} from '../waitlist/waitlist.ts';
import { seedDrawRequest, seedWaitlistEntry, userIdOf } from '../world.ts';
import { userOperation, usersRowOf, usersWorldOfFile } from './users-table.ts';

/*
 * Leavers (issue 27, item 1): a deactivation, by an administrator's Save or by sign-in finding a user made
 * inactive elsewhere, releases in one transaction what the user holds: their upcoming reservations (deleted
 * with their mails, the waitlist promoting a colleague into the freed slot), their waitlist places and pending
 * draw requests, their calendar feed and their sign-ins at the embedded provider; they drop out of the user
 * pickers and their next request is refused. HQ Garage is narrowed to A-103 and A-104; the app's clock is a
 * Wednesday morning in Budapest.
 */
const { time, server, admin, user, quick, doorman } = await usersWorldOfFile([
  'admin',
  'user',
  'quick',
  'doorman',
]);
const db = server.db;
await onlySlots(db, ['A-103', 'A-104']);
await sql`UPDATE users SET max_normal_reservation = 100`.execute(db);

const QUICK = 'quick@parkhere.example';

const runJobs = async () => {
  while ((await server.app.jobs.runDue()) > 0) {
    // again: a promotion queues its mails
  }
};

const contestedDay = (owner: string, date: string) => contestedWaitlistDay(db, user, owner, date);

const usersRow = usersRowOf(admin);

const releaseOf = async (caller: Requests, email: string) =>
  userOperation(caller, 'queryDeactivationRelease', await usersRow(email));

const setActive = async (email: string, isActive: boolean) =>
  update(admin, 'UserSettings', await usersRow(email), { isActive });

const reservationStatus = async (id: string) =>
  (
    await sql<{
      status: string;
    }>`SELECT reservation_status AS status FROM reservations WHERE id = ${id}`.execute(db)
  ).rows[0]?.status;

/** Who the audit log has changing the row (its seeding is no change). */
const auditActors = async (table: string, rowId: string) =>
  (
    await sql<{ actor: string }>`SELECT DISTINCT actor FROM audit_log
      WHERE table_name = ${table} AND row_id = ${rowId} AND action = 'UPDATE'`.execute(db)
  ).rows.map((row) => row.actor);

const refusal = async (caller: Requests) => {
  const answer = await caller.answer({ method: 'POST', path: '/services/Actor/userReservationPanel/~get' });
  return { status: answer.status, code: (answer.body as { code?: string }).code };
};

const signInsOf = async (accountId: string) =>
  Number(
    (
      await sql<{ count: string }>`SELECT count(*) AS count FROM oidc_payloads
        WHERE payload->>'accountId' = ${accountId}`.execute(db)
    ).rows[0]?.count,
  );

/** A session, grant and refresh token of the embedded provider for the account. */
const signIn = async (accountId: string) => {
  for (const model of ['Session', 'Grant', 'RefreshToken']) {
    await sql`INSERT INTO oidc_payloads (model, id, payload, expires_at)
      VALUES (${model}, ${`${model}-${accountId}`}, ${JSON.stringify({ accountId })}::jsonb, now() + interval '1 day')
      ON CONFLICT DO NOTHING`.execute(db);
  }
};

describe("an administrator's deactivation", () => {
  it('says what it will release, then frees the slot for the first colleague waiting, in the same run', async () => {
    const day = await contestedDay(QUICK, '2026-03-05');
    // Quick's own place in line on Friday, a pending draw request for Monday, a calendar feed, a sign-in.
    await takeSlot(db, 'A-103', '2026-03-06', '09:00', '10:00');
    await takeSlot(db, 'A-104', '2026-03-06', '09:00', '10:00');
    const place = await seedWaitlistEntry(db, {
      owner: QUICK,
      date: '2026-03-06',
      start: '09:00',
      end: '10:00',
    });
    const request = await seedDrawRequest(db, {
      owner: QUICK,
      garage: 'HQ Garage',
      date: '2026-03-09',
      start: '09:00',
      end: '10:00',
    });
    const quickId = await userIdOf(server, QUICK);
    await sql`INSERT INTO calendar_feeds (user_id) VALUES (${quickId})`.execute(db);
    expect((await refusal(quick)).status).toBe(200);
    await signIn('quick');
    await signIn('user');

    const release = await releaseOf(admin, QUICK);
    expect(release.status).toBe(200);
    expect(release.body).toMatchObject({ upcomingReservations: 1, waitlistPlaces: 1, drawRequests: 1 });

    expect((await setActive(QUICK, false)).status).toBe(200);
    // At once, not when a remembered actor runs out.
    expect(await refusal(quick)).toEqual({ status: 403, code: 'ACCOUNT_DEACTIVATED' });

    expect(await reservationStatus(day.reservation)).toBe('DELETED');
    expect((await jobRows(db, 'mail.deletion')).map((job) => job.payload)).toContainEqual({
      reservationId: day.reservation,
    });
    await runJobs();
    const promoted = await statusOf(db, day.entry);
    expect(promoted?.status).toBe('PROMOTED');
    expect(await reservationOf(db, promoted?.reservationId ?? '')).toMatchObject({
      status: 'ACTIVE',
      slot: 'A-103',
      owner: 'user@parkhere.example',
    });
    expect(await statusOf(db, place)).toBeUndefined();
    const drawn = await sql<{ status: string }>`SELECT draw_status AS status FROM draw_requests
      WHERE id = ${request}`.execute(db);
    expect(drawn.rows[0]?.status).toBe('WITHDRAWN');
    const feed = await sql<{ enabled: boolean }>`SELECT enabled FROM calendar_feeds
      WHERE user_id = ${quickId}`.execute(db);
    expect(feed.rows[0]?.enabled).toBe(false);
    expect(await signInsOf('quick')).toBe(0);
    expect(await signInsOf('user')).toBe(3);

    const pickable = await admin.json<Entity[]>('/services/Actor/usersForInput/~list', {});
    expect(pickable.map((row) => row.email)).not.toContain(QUICK);
    expect((await releaseOf(admin, QUICK)).body).toMatchObject({
      upcomingReservations: 0,
      waitlistPlaces: 0,
      drawRequests: 0,
    });
    // The audit seam has it all as the administrator's change.
    const adminActor = `user:${await userIdOf(server, 'admin@parkhere.example')}`;
    expect(await auditActors('reservations', day.reservation)).toEqual([adminActor]);
    expect(await auditActors('draw_requests', request)).toEqual([adminActor]);
    expect(await auditActors('users', quickId)).toContain(adminActor);
  });

  it('of a user who already left releases nothing twice', async () => {
    const deletions = (await jobRows(db, 'mail.deletion')).length;
    expect((await setActive(QUICK, false)).status).toBe(200);
    expect((await jobRows(db, 'mail.deletion')).length).toBe(deletions);
  });

  it('reactivated, the user signs in again, without the reservations deleted, and the feed gets a new address', async () => {
    const quickId = await userIdOf(server, QUICK);
    const before = await sql<{ generation: number }>`SELECT generation FROM calendar_feeds
      WHERE user_id = ${quickId}`.execute(db);
    expect((await setActive(QUICK, true)).status).toBe(200);
    expect((await refusal(quick)).status).toBe(200);
    const own = await quick.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {});
    expect(own).toEqual([]);
    const feed = await quick.answer({ method: 'POST', path: '/calendar-feed' });
    expect(feed.body).toMatchObject({ enabled: true });
    const after = await sql<{ generation: number }>`SELECT generation FROM calendar_feeds
      WHERE user_id = ${quickId}`.execute(db);
    expect(after.rows[0]?.generation ?? 0).toBeGreaterThan(before.rows[0]?.generation ?? 0);
  });

  it('is refused to a non-administrator, and an administrator cannot deactivate themself', async () => {
    const quickRow = await usersRow(QUICK);
    const byUser = await user.post(
      '/services/UserSettings/~update',
      { isActive: false },
      withId(quickRow.__signedIdentifier),
    );
    expect(byUser.status).toBe(403);
    expect((await releaseOf(user, QUICK)).status).toBe(403);
    expect((await refusal(quick)).status).toBe(200);

    const self = await update(admin, 'UserSettings', await usersRow('admin@parkhere.example'), {
      isActive: false,
    });
    expect(self.status).toBe(422);
    expect(await self.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await refusal(admin)).status).toBe(200);
  });
});

describe('sign-in finding a user made inactive elsewhere', () => {
  it('completes their leaving before refusing them: the slot goes to the first colleague waiting', async () => {
    const day = await contestedDay('doorman@parkhere.example', '2026-03-10');
    // As SQL, an import or an older version would: no leaving ran.
    await sql`UPDATE users SET is_active = false WHERE email = 'doorman@parkhere.example'`.execute(db);
    expect(await refusal(doorman)).toEqual({ status: 403, code: 'ACCOUNT_DEACTIVATED' });
    expect(await reservationStatus(day.reservation)).toBe('DELETED');
    await runJobs();
    const promoted = await statusOf(db, day.entry);
    expect(promoted?.status).toBe('PROMOTED');
    expect(await reservationOf(db, promoted?.reservationId ?? '')).toMatchObject({ slot: 'A-103' });
    const actors = await auditActors('reservations', day.reservation);
    expect(actors).toHaveLength(1);
    expect(actors[0]).toMatch(/^sign-in:.*#doorman$/);
    // Once: a second refused request changes nothing more.
    const deletions = (await jobRows(db, 'mail.deletion')).length;
    expect((await refusal(doorman)).code).toBe('ACCOUNT_DEACTIVATED');
    expect((await jobRows(db, 'mail.deletion')).length).toBe(deletions);
  });
});

describe('a create by the leaver racing their deactivation', () => {
  it('is refused, and no reservation of theirs outlives the deactivation', async () => {
    const quickId = await userIdOf(server, QUICK);
    const body = {
      ...(await requestOf(quick, { date: '2026-03-05', startTime: '11:00:00', endTime: '12:00:00' })),
      reservationType: 'QUICK',
    };
    const parties = await quick.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
      owner: { user: body.user },
      queryCustomizer: { aggregaredName: [{ operator: 'like', value: 'A-103 %' }] },
    });
    let create: Promise<{ status: number }> | undefined;
    await db.transaction().execute(async (transaction) => {
      await deactivate(transaction, {
        userId: quickId,
        now: time.clock(),
        changedBy: 'admin@parkhere.example',
        budget: { limits: mailLimitsOf(server.config), userId: quickId },
      });
      create = quick.answer({
        method: 'POST',
        path: '/services/UserReservationPanel/reservation',
        body: { ...body, parkingSlot: parties[0] },
      });
      if (server.config.databaseUrl !== undefined) {
        // PostgreSQL: the create reaches the database and waits for the leaving's lock on the user.
        await waitForLockWait();
      }
    });
    const answer = await (create ?? Promise.reject(new Error('no create')));
    expect([403, 422]).toContain(answer.status);
    const left = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations
      WHERE owner_id = ${quickId} AND reservation_status = 'ACTIVE'`.execute(db);
    expect(Number(left.rows[0]?.count)).toBe(0);
  });
});

/** Until a statement of another connection waits for a lock. */
async function waitForLockWait(): Promise<void> {
  const url = server.config.databaseUrl ?? '';
  const pg = await import('pg');
  const probe = new pg.default.Client({ connectionString: url });
  await probe.connect();
  try {
    for (let tries = 0; tries < 200; tries += 1) {
      const waiting = await probe.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%reservations%'",
      );
      if ((waiting.rows[0] as { n: number }).n > 0) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the create never waited for the leaving');
  } finally {
    await probe.end();
  }
}
