import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expireWaitlist } from '../../src/modules/waitlist/index.ts';
import { type Client, withId } from '../client.ts';
import { jobRows, readMails, recipientsOf } from '../jobs/inspect.ts';
import type { Entity } from '../reservations/forms.ts';
import { seedReservation, setLocale } from '../world.ts';
import {
  JOIN,
  requestOf,
  reservationOf,
  slotSettingsOf,
  statusOf,
  takeSlot,
  waitlistOf,
  waitlistWorldOfFile,
} from './waitlist.ts';

/*
 * A slot freed by any path serves the first waiting entry it can, under the rules of a direct create, and
 * the owner is told once. The app's clock is pinned months before the machine's (a Wednesday morning in
 * Budapest), so a job that took the database's now() as its due time would never run: the promotions the
 * triggers queue must run all the same. HQ Garage is narrowed to.
 */
const TODAY = '2026-03-04';
const TOMORROW = '2026-03-05';

const { server, time, admin, user, quick } = await waitlistWorldOfFile();
const db = server.db;
await setLocale(db, 'user@parkhere.example', 'en-US');
// Room for every test's reservations; the quota test sets its own.
await sql`UPDATE users SET max_normal_reservation = 100`.execute(db);

/** Runs due jobs until none is left: the promotion, then the mails it queued. */
const runJobs = async () => {
  while ((await server.app.jobs.runDue()) > 0) {
    // again: a job may queue the next
  }
};

/** Both slots taken for the time; the fillers' ids, A-103's first. */
const fill = async (date: string, start: string, end: string) => [
  await takeSlot(db, 'A-103', date, start, end),
  await takeSlot(db, 'A-104', date, start, end),
];

const join = (caller: Client, date: string, startTime: string, endTime: string, type = 'NORMAL') =>
  requestOf(caller, { date, startTime, endTime, reservationType: type as 'NORMAL' }).then((body) =>
    caller.json<Entity>(JOIN, type === 'QUICK' ? { ...body, car: body.car } : body),
  );

/** A reservation of the caller's as their dashboard lists it (its signed identifier). */
const ownReservation = async (caller: Client, id: string): Promise<Entity> => {
  const listed = await caller.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {
    _seek: { limit: 1000 },
  });
  const found = listed.find((item) => item.__identifier === id);
  if (found === undefined) {
    throw new Error(`reservation ${id} is not listed`);
  }
  return found;
};

/** The entry's outcome: PROMOTED with the reservation's slot and owner, or its status. */
const outcomeOf = async (entry: Entity) => {
  const stored = await statusOf(db, String(entry.__identifier));
  if (stored?.reservationId == null) {
    return { status: stored?.status };
  }
  const reservation = await reservationOf(db, stored.reservationId);
  return { ...reservation, reservationStatus: reservation?.status, status: stored.status };
};

/** Runs a UserReservation operation as `caller` on reservation `id` of their list. */
const operateOn = async (caller: Client, id: string, operation: string, body?: unknown) => {
  const reservation = await ownReservation(caller, id);
  await caller.json(`/services/UserReservation/${operation}`, body, withId(reservation.__signedIdentifier));
};

describe('a freed slot serves the first waiting entry', () => {
  it('deleted: promoted on that slot, told once by the waitlist mail in the owner’s language', async () => {
    const [a103] = await fill('2026-03-05', '09:00', '10:00');
    const entry = await join(user, '2026-03-05', '09:00:00', '10:00:00');
    await operateOn(admin, String(a103), 'deleteReservation');
    await runJobs();
    expect(await outcomeOf(entry)).toMatchObject({
      status: 'PROMOTED',
      slot: 'A-103',
      owner: 'user@parkhere.example',
      createdBy: 'user@parkhere.example',
    });
    expect(await waitlistOf(user)).toEqual([]);
    const reservationId = (await statusOf(db, String(entry.__identifier)))?.reservationId;
    const jobs = (await jobRows(db)).filter((job) => job.payload.reservationId === reservationId);
    expect(jobs.map((job) => job.kind).sort()).toEqual(['mail.reminder', 'mail.waitlist-promoted']);
    const mails = (await readMails(server.config.dataDir)).filter((mail) =>
      recipientsOf(mail).includes('user@parkhere.example'),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^A slot became free for you: Thu, 5 Mar 2026 A-103/),
    ]);
    // The dashboard shows it as an ordinary reservation of the user's.
    expect((await ownReservation(user, String(reservationId))).reservationStatus).toBe('ACTIVE');
  });

  it('where the garage requires check-in, the promotion mail says the window and carries the check-in link', async () => {
    const garage = sql`parking_garages WHERE name = 'HQ Garage'`;
    const before = await sql<{
      required: boolean;
    }>`SELECT check_in_required AS required FROM ${garage}`.execute(db);
    await sql`UPDATE parking_garages SET check_in_required = true, check_in_early_minutes = 15,
      check_in_grace_minutes = 30 WHERE name = 'HQ Garage'`.execute(db);
    try {
      const [a103] = await fill('2026-03-09', '14:00', '15:00');
      await join(user, '2026-03-09', '14:00:00', '15:00:00');
      await operateOn(admin, String(a103), 'deleteReservation');
      await runJobs();
      const promoted = (await readMails(server.config.dataDir)).filter(
        (mail) =>
          recipientsOf(mail).includes('user@parkhere.example') &&
          mail.subject?.startsWith('A slot became free for you: Mon, 9 Mar 2026'),
      );
      expect(promoted).toHaveLength(1);
      expect(promoted[0]?.text).toContain('Check in between 13:45 and 14:30, or the slot is released.');
      expect(promoted[0]?.html).toMatch(
        new RegExp(`Check in: <a href="${server.config.publicUrl}/ParkHere/check-in/[^"]+">`),
      );
    } finally {
      await sql`UPDATE parking_garages SET check_in_required = ${before.rows[0]?.required ?? false}
        WHERE name = 'HQ Garage'`.execute(db);
    }
  });

  it('cancelled in progress: the rest of the time serves an entry that starts later today', async () => {
    const [, a104] = await fill(TODAY, '07:30', '11:00');
    const entry = await join(user, TODAY, '09:00:00', '10:00:00');
    await operateOn(admin, String(a104), 'cancelReservation');
    await runJobs();
    expect(await outcomeOf(entry)).toMatchObject({ status: 'PROMOTED', slot: 'A-104' });
  });

  it('a holiday’s deletions: the owner’s reservations on the holiday free their slots', async () => {
    await seedReservation(db, {
      owner: 'quick@parkhere.example',
      slot: 'A-103',
      date: '2026-03-06',
      start: '09:00',
      end: '10:00',
    });
    await takeSlot(db, 'A-104', '2026-03-06', '09:00', '10:00');
    const entry = await join(user, '2026-03-06', '09:00:00', '10:00:00');
    const [self] = await quick.json<Entity[]>('/services/Actor/usersForInput/~list', {});
    await quick.json('/services/HolidayPanel/holiday', {
      startDate: '2026-03-06',
      endDate: '2026-03-06',
      user: self,
    });
    await runJobs();
    expect(await outcomeOf(entry)).toMatchObject({ status: 'PROMOTED', slot: 'A-103' });
  });

  it('a modification that shortens a reservation frees the rest of its time', async () => {
    const [a103] = await fill('2026-03-09', '09:00', '11:00');
    const entry = await join(user, '2026-03-09', '10:00:00', '11:00:00');
    await operateOn(admin, String(a103), 'modificateReservation', {
      startTime: '09:00:00',
      endTime: '10:00:00',
    });
    await runJobs();
    expect(await outcomeOf(entry)).toMatchObject({ status: 'PROMOTED', slot: 'A-103' });
  });

  const updateSlot = async (name: string, change: Record<string, unknown>) => {
    const slot = await slotSettingsOf(admin, name);
    await admin.json(
      '/services/ParkingSlotSettings/~update',
      { ...slot, ...change },
      withId(slot.__signedIdentifier),
    );
  };

  it('a slot activated by an administrator', async () => {
    await fill('2026-03-10', '09:00', '10:00');
    const entry = await join(user, '2026-03-10', '09:00:00', '10:00:00');
    await updateSlot('A-105', { isActive: true });
    await runJobs();
    expect(await outcomeOf(entry)).toMatchObject({ status: 'PROMOTED', slot: 'A-105' });
    await updateSlot('A-105', { isActive: false });
  });

  it('an exclusive slot made non-exclusive', async () => {
    await fill('2026-03-11', '09:00', '10:00');
    await sql`UPDATE parking_slots SET is_active = true WHERE name = 'A-101'`.execute(db);
    const entry = await join(user, '2026-03-11', '09:00:00', '10:00:00');
    await updateSlot('A-101', { isExclusive: false });
    await runJobs();
    expect(await outcomeOf(entry)).toMatchObject({ status: 'PROMOTED', slot: 'A-101' });
    await sql`UPDATE parking_slots SET is_active = false, is_exclusive = true WHERE name = 'A-101'`.execute(
      db,
    );
  });

  it('a reservation released as a no-show', async () => {
    const [a103] = await fill('2026-03-12', '09:00', '10:00');
    const entry = await join(user, '2026-03-12', '09:00:00', '10:00:00');
    await sql`UPDATE reservations SET reservation_status = 'NO_SHOW' WHERE id = ${a103}`.execute(db);
    await runJobs();
    expect(await outcomeOf(entry)).toMatchObject({ status: 'PROMOTED', slot: 'A-103' });
  });

  it('serves entries in order: the first that the freed time fits', async () => {
    const [a103] = await fill('2026-03-13', '09:00', '12:00');
    // quick waits for a time the freed slot does not cover; the user and the administrator for one it does.
    await sql`UPDATE users SET is_normal_reservation = true WHERE email = 'quick@parkhere.example'`.execute(
      db,
    );
    const late = await join(quick, '2026-03-13', '11:00:00', '12:00:00');
    const first = await join(user, '2026-03-13', '09:00:00', '10:00:00');
    const second = await join(admin, '2026-03-13', '09:00:00', '10:00:00');
    expect([first.position, second.position]).toEqual([1, 2]);
    await operateOn(admin, String(a103), 'modificateReservation', {
      startTime: '10:00:00',
      endTime: '12:00:00',
    });
    await runJobs();
    expect((await outcomeOf(first)).status).toBe('PROMOTED');
    expect((await outcomeOf(second)).status).toBe('WAITING');
    expect((await outcomeOf(late)).status).toBe('WAITING');
    expect((await waitlistOf(admin)).map((entry) => entry.position)).toEqual([1]);
  });
});

describe('the rules of a direct create apply at promotion', () => {
  const upcomingNormal = async () =>
    Number(
      (
        await sql<{
          count: string;
        }>`SELECT count(*) AS count FROM reservations r JOIN users u ON u.id = r.owner_id
          WHERE u.email = 'user@parkhere.example' AND r.reservation_type = 'NORMAL'
            AND r.reservation_status = 'ACTIVE'`.execute(db)
      ).rows[0]?.count,
    );
  const setQuota = (max: number) =>
    sql`UPDATE users SET max_normal_reservation = ${max} WHERE email = 'user@parkhere.example'`.execute(db);

  it('a full quota leaves the entry waiting; freeing quota serves it', async () => {
    const [a103] = await fill('2026-03-16', '09:00', '10:00');
    await setQuota(100);
    const entry = await join(user, '2026-03-16', '09:00:00', '10:00:00');
    await setQuota(await upcomingNormal());
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${a103}`.execute(db);
    await runJobs();
    expect((await outcomeOf(entry)).status).toBe('WAITING');
    // The user deletes one of their own reservations on another day: their quota has room again.
    const own = await seedReservation(db, {
      owner: 'user@parkhere.example',
      slot: 'A-104',
      date: '2026-03-17',
      start: '14:00',
      end: '15:00',
    });
    await setQuota(await upcomingNormal());
    await runJobs();
    expect((await outcomeOf(entry)).status).toBe('WAITING');
    await operateOn(user, own, 'deleteReservation');
    await runJobs();
    expect(await outcomeOf(entry)).toMatchObject({ status: 'PROMOTED', slot: 'A-103' });
    await setQuota(100);
  });

  it('a day that stopped being a working day is not served', async () => {
    const [a103] = await fill('2026-03-18', '09:00', '10:00');
    const entry = await join(user, '2026-03-18', '09:00:00', '10:00:00');
    await sql`INSERT INTO additional_days (day, type_of_day) VALUES ('2026-03-18', 'HOLIDAY')`.execute(db);
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${a103}`.execute(db);
    await runJobs();
    expect((await outcomeOf(entry)).status).toBe('WAITING');
    await sql`DELETE FROM additional_days WHERE day = '2026-03-18'`.execute(db);
  });

  it('the noon rule: a QUICK entry for the morning is not served before noon of its day; it expires at its start', async () => {
    await fill(TOMORROW, '10:00', '11:30');
    const entry = await join(quick, TOMORROW, '10:30:00', '11:00:00', 'QUICK');
    // Tomorrow morning, 08:00: a slot frees, but a QUICK made before noon may not start before noon.
    time.set('2026-03-05T08:00:00+01:00');
    await sql`UPDATE reservations SET reservation_status = 'DELETED'
      WHERE date = ${TOMORROW} AND start_time = '10:00' AND parking_slot_id =
        (SELECT id FROM parking_slots WHERE name = 'A-104')`.execute(db);
    await runJobs();
    expect((await outcomeOf(entry)).status).toBe('WAITING');

    // Its start passes: it reads EXPIRED at once, and the expiry stores it and tells the owner, once.
    time.set('2026-03-05T10:30:00+01:00');
    expect((await waitlistOf(quick)).map((listed) => listed.__identifier)).not.toContain(entry.__identifier);
    expect(await expireWaitlist(db, time.clock())).toBeGreaterThanOrEqual(1);
    expect(await expireWaitlist(db, time.clock())).toBe(0);
    await runJobs();
    expect((await outcomeOf(entry)).status).toBe('EXPIRED');
    const mails = (await readMails(server.config.dataDir)).filter((mail) =>
      recipientsOf(mail).includes('quick@parkhere.example'),
    );
    // Its language is the owner's (hu-HU, the default); one mail however often the expiry runs.
    expect(
      mails.map((mail) => mail.subject).filter((subject) => subject?.startsWith('Nem szabadult')),
    ).toEqual(['Nem szabadult fel hely: 2026. 03. 05. (csütörtök) 10:30 – 11:00']);
  });
});
