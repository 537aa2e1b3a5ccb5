import { rmSync } from 'node:fs';
import { type CalendarFeedState, instantOf } from '@parkhere/contract';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { seedReservations } from '../../src/modules/reservations/seed-reservations.ts';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';
import { type Client, withId } from '../client.ts';
import { type CapturedMail, jobRows, readMails, recipientsOf, runAllJobs } from '../jobs/inspect.ts';
import {
  type Entity,
  partiesOf,
  racers,
  reserve,
  reserveGuest as reserveGuestOf,
} from '../reservations/forms.ts';
import { seedReservation, setLocale, workingDayAfter, worldOfFile } from '../world.ts';
import { invitationOf, type ParsedEvent, parseCalendar } from './ical.ts';

/*
 * Issue 31 §3: a change of the configured time zone keeps the wall clock of the reservations still to come and
 * moves their instants (0052, 0062); the invitations their owners were mailed still hold the old instants, so
 * each owner gets one mail (0063's `mail.time-zone` job, queued with the change) re-inviting them to every moved
 * reservation with the same UID and a higher SEQUENCE, in their language. Mails as a mail client reads them: the
 * captured .eml files, their invite.ics parsed by ical.js.
 */

const USER = 'user@parkhere.example';
const { server, storage, user, admin } = await worldOfFile({
  users: ['user', 'admin'],
  jobs: { poll: false, retryBaseMs: 0 },
});
const db = server.db;
const host = new URL(server.url).hostname;
await setLocale(db, USER, 'en-US');
const [other] = await racers(server, 'tz-owner', 1, 'A-112');
if (other === undefined) {
  throw new Error('no second owner');
}
const OTHER = String(other.self.email);
const day = await workingDayAfter(server, 3);
const longFrom = await workingDayAfter(server, 5);
// Two working days after its first, not two calendar days: from a Friday those were a weekend, and the series
// had one day (a run on a Friday failed).
const longTo = await workingDayAfter(server, 7);

const runJobs = () => runAllJobs(server);

const setTimeZone = (caller: Client, timeZone: string) =>
  caller.post('/services/ConfigurationSettings/~update', { timeZone }, { 'X-Judo-Mask': '{timeZone}' });

afterAll(async () => {
  await setTimeZone(admin, 'Europe/Budapest');
});

const kindOf = (mail: CapturedMail) =>
  mail.headers.find((header) => header.key === 'x-parkhere-mail')?.value ?? null;

/** The mails of one kind (X-ParkHere-Mail) to `address` since the folder was cleared. */
const mailsOf = async (kind: string, address?: string): Promise<CapturedMail[]> =>
  (await readMails(storage.dataDir)).filter(
    (mail) => kindOf(mail) === kind && (address === undefined || recipientsOf(mail).includes(address)),
  );

const uidOf = (id: string) => `reservation-${id}@${host}`;

const feedEvents = async (caller: Client): Promise<ParsedEvent[]> => {
  const { url } = await caller.json<CalendarFeedState>('/calendar-feed');
  return parseCalendar(await (await fetch(url ?? '')).text()).events;
};

const clearMails = () => rmSync(mailDirOf(storage.dataDir), { recursive: true, force: true });

/** The wall clock of each reservation, as its row stores it. */
const wallClocks = async (ids: readonly string[]) =>
  (
    await sql<{ id: string; date: string; start: string; end: string }>`SELECT id::text AS id,
        to_char(date, 'YYYY-MM-DD') AS date, to_char(start_time, 'HH24:MI:SS') AS start,
        to_char(end_time, 'HH24:MI:SS') AS end
      FROM reservations WHERE id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)
      ORDER BY date, start_time, id`.execute(db)
  ).rows;

describe('a change of the time zone re-invites the owners of the moved reservations', () => {
  const made: { normal: string; long: string[]; others: string; deleted: string; past: string } = {
    normal: '',
    long: [],
    others: '',
    deleted: '',
    past: '',
  };
  const confirmed = new Map<string, number>();

  beforeEach(() => {
    clearMails();
  });

  it('mails each owner once, in their language, with every moved event: same UID, new instants, higher SEQUENCE', async () => {
    made.normal = (await reserve(user, 'A-110', day, '09:00:00', '10:00:00')).__identifier;
    const parties = await partiesOf(user, 'A-111');
    const [first] = await user.json<Entity[]>('/services/UserReservationPanel/reservation', {
      reservationType: 'LONG',
      date: longFrom,
      endDate: longTo,
      startTime: '08:00:00',
      endTime: '16:00:00',
      ...parties,
    });
    const series = await sql<{ id: string }>`SELECT r.id::text AS id FROM reservations r
      JOIN reservations f ON f.series_id = r.series_id WHERE f.id = ${first?.__identifier ?? ''}::bigint
      ORDER BY r.date`.execute(db);
    made.long = series.rows.map((row) => row.id);
    expect(made.long.length).toBeGreaterThan(1);
    const deleted = await reserve(user, 'A-113', day, '14:00:00', '15:00:00');
    made.deleted = deleted.__identifier;
    made.others = (await reserve(other.caller, 'A-112', day, '09:00:00', '17:00:00')).__identifier;
    // Mailed its invitation once, and over now: never moved.
    made.past = await seedReservation(db, {
      owner: USER,
      slot: 'A-114',
      date: '2026-01-15',
      start: '09:00',
      end: '17:00',
    });
    await sql`INSERT INTO reservation_invitations (reservation_id, sent_at) VALUES (${made.past}::bigint, now())`.execute(
      db,
    );
    // A reservation seeded as rows was never mailed: it moves, but nobody is re-invited to it.
    const unmailed = await seedReservation(db, {
      owner: USER,
      slot: 'A-115',
      date: day,
      start: '12:00',
      end: '13:00',
    });
    await runJobs();
    // The confirmations carried the events: a single booking's, the series' (one mail, each day), the other owner's.
    for (const mail of await mailsOf('confirmation')) {
      for (const event of invitationOf(mail).events) {
        confirmed.set(event.uid, event.sequence);
      }
    }
    expect([...confirmed.keys()].sort()).toEqual(
      [made.normal, ...made.long, made.deleted, made.others].map(uidOf).sort(),
    );
    await user.answer({
      method: 'POST',
      path: '/services/UserReservation/deleteReservation',
      headers: withId(deleted.__signedIdentifier),
    });
    await runJobs();
    clearMails();

    expect((await setTimeZone(admin, 'Europe/London')).status).toBe(200);
    // Queued with the change, one job per owner, before any worker runs: a crash now loses no mail.
    const queued = await jobRows(db, 'mail.time-zone');
    expect(queued.map((job) => job.state)).toEqual(['pending', 'pending']);
    expect(queued.map((job) => job.payload.reservationIds).sort()).toEqual(
      [[made.normal, ...made.long].sort(), [made.others]].sort(),
    );
    expect(await readMails(storage.dataDir)).toEqual([]);

    await runJobs();
    const mails = await mailsOf('time-zone');
    expect(mails.flatMap(recipientsOf).sort()).toEqual([OTHER, USER].sort());
    const [toUser] = await mailsOf('time-zone', USER);
    const [toOther] = await mailsOf('time-zone', OTHER);
    expect(toUser?.subject).toBe('Your parking reservations in the new time zone: Europe/London');
    expect(toOther?.subject).toBe('Parkolóhely-foglalásai az új időzónában: Europe/London');
    const invitation = invitationOf(toUser);
    expect(invitation.method).toBe('REQUEST');
    expect(invitation.timeZones).toEqual(['Europe/London']);
    const moved = [made.normal, ...made.long];
    const clocks = await wallClocks(moved);
    expect(invitation.events.map((event) => event.uid)).toEqual(clocks.map((row) => uidOf(row.id)));
    const feed = await feedEvents(user);
    for (const [index, event] of invitation.events.entries()) {
      const row = clocks[index];
      expect(event).toMatchObject({
        status: 'CONFIRMED',
        startZone: 'Europe/London',
        startLocal: `${row?.date}T${row?.start}`,
        start: instantOf(row?.date ?? '', row?.start ?? '', 'Europe/London').toISOString(),
        end: instantOf(row?.date ?? '', row?.end ?? '', 'Europe/London').toISOString(),
        attendee: `mailto:${USER}`,
      });
      expect(event.sequence).toBeGreaterThan(confirmed.get(event.uid) ?? Number.POSITIVE_INFINITY);
      expect(event.sequence).toBe(feed.find((inFeed) => inFeed.uid === event.uid)?.sequence);
    }
    // The body names every day, in the owner's language.
    expect(toUser?.text).toContain('Europe/London');
    expect(invitation.events.map((event) => event.uid)).not.toContain(uidOf(made.deleted));
    expect(invitation.events.map((event) => event.uid)).not.toContain(uidOf(made.past));
    expect(invitation.events.map((event) => event.uid)).not.toContain(uidOf(unmailed));
    const others = invitationOf(toOther);
    expect(others.events.map((event) => [event.uid, event.startLocal, event.start])).toEqual([
      [uidOf(made.others), `${day}T09:00:00`, instantOf(day, '09:00:00', 'Europe/London').toISOString()],
    ]);
    for (const event of [...invitation.events, ...others.events]) {
      confirmed.set(event.uid, event.sequence);
    }
  });

  it('a second change back mails again, with a higher SEQUENCE still', async () => {
    expect((await setTimeZone(admin, 'Europe/Budapest')).status).toBe(200);
    await runJobs();
    const [toUser] = await mailsOf('time-zone', USER);
    const [toOther] = await mailsOf('time-zone', OTHER);
    const events = [...invitationOf(toUser).events, ...invitationOf(toOther).events];
    expect(events.map((event) => event.uid).sort()).toEqual(
      [made.normal, ...made.long, made.others].map(uidOf).sort(),
    );
    for (const event of events) {
      expect(event.startZone).toBe('Europe/Budapest');
      expect(event.sequence).toBeGreaterThan(confirmed.get(event.uid) ?? Number.POSITIVE_INFINITY);
    }
    expect(invitationOf(toOther).events[0]?.start).toBe(
      instantOf(day, '09:00:00', 'Europe/Budapest').toISOString(),
    );
  });

  it('a refused change mails nothing, nor one that saves the same zone', async () => {
    const before = (await jobRows(db, 'mail.time-zone')).length;
    // Not an administrator's; not a zone; the zone it already is.
    expect((await setTimeZone(user, 'Europe/London')).status).toBe(403);
    expect((await setTimeZone(admin, 'Mars/Olympus_Mons')).status).toBe(400);
    expect((await setTimeZone(admin, 'Europe/Budapest')).status).toBe(200);
    expect(await jobRows(db, 'mail.time-zone')).toHaveLength(before);
    await runJobs();
    expect(await readMails(storage.dataDir)).toEqual([]);
  });

  it('queues in the transaction of the change: a change rolled back leaves no mail', async () => {
    const before = (await jobRows(db, 'mail.time-zone')).length;
    const inside = await server.app.database.db
      .transaction()
      .execute(async (transaction) => {
        await sql`UPDATE configuration SET time_zone = 'Europe/London', version = version + 1`.execute(
          transaction,
        );
        const queued = (await jobRows(transaction, 'mail.time-zone')).length - before;
        throw new Error(`rolled back with ${queued} queued`);
      })
      .catch((error: Error) => error.message);
    expect(inside).toBe('rolled back with 2 queued');
    expect(await jobRows(db, 'mail.time-zone')).toHaveLength(before);
    await runJobs();
    expect(await readMails(storage.dataDir)).toEqual([]);
  });

  it('skips an owner deleted or anonymised before their mail went out, and a reservation cancelled meanwhile', async () => {
    const [gone, anonymised] = await racers(server, 'tz-gone', 2, 'A-116');
    if (gone === undefined || anonymised === undefined) {
      throw new Error('no owners');
    }
    const goneId = (await reserve(gone.caller, 'A-116', day, '09:00:00', '10:00:00')).__identifier;
    await reserve(anonymised.caller, 'A-117', day, '09:00:00', '10:00:00');
    const cancelled = await reserve(user, 'A-118', await workingDayAfter(server, 8), '09:00:00', '10:00:00');
    await runJobs();
    clearMails();
    const before = (await jobRows(db, 'mail.time-zone')).length;
    expect((await setTimeZone(admin, 'Europe/Lisbon')).status).toBe(200);
    expect((await jobRows(db, 'mail.time-zone')).length - before).toBe(4);
    // No owner is without an address: the schema refuses one.
    await expect(
      sql`UPDATE users SET email = '' WHERE email = ${String(gone.self.email)}`.execute(db),
    ).rejects.toThrow();
    await sql`DELETE FROM users WHERE email = ${String(gone.self.email)}`.execute(db);
    await sql`UPDATE users SET anonymised_at = now(), is_active = false WHERE email = ${String(anonymised.self.email)}`.execute(
      db,
    );
    // Deleted by its owner meanwhile, as the deletion stores it (the change raised the version the API checks).
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${cancelled.__identifier}::bigint`.execute(
      db,
    );
    await runJobs();
    const sent = await mailsOf('time-zone');
    expect(sent.flatMap(recipientsOf).sort()).toEqual([OTHER, USER].sort());
    const [toUser] = sent.filter((mail) => recipientsOf(mail).includes(USER));
    expect(invitationOf(toUser).events.map((event) => event.uid)).not.toContain(
      uidOf(cancelled.__identifier),
    );
    expect(invitationOf(toUser).events.map((event) => event.uid)).not.toContain(uidOf(goneId));
    // Every job done: a skipped mail is no failure to retry.
    expect((await jobRows(db, 'mail.time-zone')).every((job) => job.state === 'done')).toBe(true);
    expect(server.logs.some((line) => line.includes('is deactivated or anonymised'))).toBe(true);
    expect((await setTimeZone(admin, 'Europe/Budapest')).status).toBe(200);
    await runJobs();
  });

  it('records the invitations mailed before 0063 by its job: the reservations still to come made before', async () => {
    // The migration queued it; the first run of the jobs ran it.
    expect((await jobRows(db, 'notifications.record-invitations')).map((job) => job.state)).toEqual(['done']);
    const earlier = await seedReservation(db, {
      owner: USER,
      slot: 'A-119',
      date: day,
      start: '16:00',
      end: '17:00',
    });
    const over = await seedReservation(db, {
      owner: USER,
      slot: 'A-119',
      date: '2026-02-16',
      start: '09:00',
      end: '10:00',
    });
    // The database keeps microseconds and a Date milliseconds: a moment taken in the same millisecond as the
    // last insert could fall before it once truncated.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const before = new Date();
    const later = await seedReservation(db, {
      owner: OTHER,
      slot: 'A-119',
      date: day,
      start: '07:00',
      end: '08:00',
    });
    await sql`UPDATE reservations SET created = ${new Date(before.getTime() + 1000).toISOString()}::timestamptz
      WHERE id = ${later}::bigint`.execute(db);
    // Due a minute ago: `now()` in microseconds may fall after the worker's clock in milliseconds.
    await sql`INSERT INTO jobs (kind, payload, run_at) VALUES ('notifications.record-invitations',
      ${JSON.stringify({ before: before.toISOString() })}::jsonb, now() - interval '1 minute')`.execute(db);
    await runJobs();
    const recorded = await sql<{ id: string }>`SELECT reservation_id::text AS id FROM reservation_invitations
      WHERE reservation_id IN (${earlier}::bigint, ${over}::bigint, ${later}::bigint)`.execute(db);
    expect(recorded.rows.map((row) => row.id)).toEqual([earlier]);
  });

  it("tells each guest told of a moved GUEST reservation in their own mail; a guest not yet told gets the confirmation's new instants", async () => {
    const guestDay = await workingDayAfter(server, 4);
    const reserveGuest = (slot: string, guest: { name: string; email: string; plate: string }) =>
      reserveGuestOf(user, slot, guestDay, guest);
    const { __identifier: told } = await reserveGuest('A-110', {
      name: 'Greta Guest',
      email: 'greta@guest.example',
      plate: 'gst-110',
    });
    const { __identifier: noAddress } = await reserveGuest('A-111', {
      name: 'Nora Noaddress',
      email: 'nora@guest.example',
      plate: 'gst-111',
    });
    const deleted = await reserveGuest('A-113', {
      name: 'Dora Deleted',
      email: 'dora@guest.example',
      plate: 'gst-113',
    });
    await runJobs();
    // Told, and then without an address, as a row from before the form required one.
    await sql`UPDATE reservations SET guest_email = ' ' WHERE id = ${noAddress}::bigint`.execute(db);
    const [confirmation] = await mailsOf('guest-confirmation', 'greta@guest.example');
    const [confirmedEvent] = invitationOf(confirmation).events;
    expect(confirmedEvent?.uid).toBe(uidOf(told));
    // Its confirmation still queued when the zone changes: the guest has not been told yet.
    const { __identifier: untold } = await reserveGuest('A-112', {
      name: 'Ulla Untold',
      email: 'ulla@guest.example',
      plate: 'gst-112',
    });
    clearMails();
    const before = (await jobRows(db, 'mail.guest')).length;

    expect((await setTimeZone(admin, 'Europe/London')).status).toBe(200);
    // Queued with the change, one for each told guest's reservation, charging no budget: none for the one
    // without an address, none for the guest whose confirmation is still to go out.
    const queued = (await jobRows(db, 'mail.guest')).slice(before);
    expect(queued.filter((job) => job.payload.about === 'time-zone').map((job) => job.payload)).toEqual(
      [told, deleted.__identifier].sort().map((reservationId) => ({ reservationId, about: 'time-zone' })),
    );
    expect(queued.map((job) => job.payload.reservationId)).not.toContain(noAddress);

    // Deleted by its owner after the change, before its mail went out, as the deletion stores it (the change
    // raised the version the API checks): its guest is not told of the move.
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${deleted.__identifier}::bigint`.execute(
      db,
    );
    await runJobs();
    const [toGreta, ...more] = await mailsOf('guest-time-zone', 'greta@guest.example');
    expect(more).toEqual([]);
    expect(recipientsOf(toGreta as CapturedMail)).toEqual(['greta@guest.example']);
    expect(toGreta?.subject).toMatch(/^Your parking in the new time zone: .+ 09:00, HQ Garage$/);
    expect(toGreta?.text).toContain('Europe/London');
    expect(toGreta?.text).toContain('Dear Greta Guest,');
    const [moved] = invitationOf(toGreta).events;
    expect(moved).toMatchObject({
      uid: uidOf(told),
      startZone: 'Europe/London',
      startLocal: `${guestDay}T09:00:00`,
      start: instantOf(guestDay, '09:00:00', 'Europe/London').toISOString(),
    });
    expect(moved?.sequence).toBeGreaterThan(confirmedEvent?.sequence ?? Number.POSITIVE_INFINITY);
    expect(await mailsOf('guest-time-zone', 'dora@guest.example')).toEqual([]);
    // The guest not yet told is told once, by their confirmation, at the new instants.
    expect(await mailsOf('guest-time-zone', 'ulla@guest.example')).toEqual([]);
    const [toUlla] = await mailsOf('guest-confirmation', 'ulla@guest.example');
    expect(invitationOf(toUlla).events[0]).toMatchObject({
      uid: uidOf(untold),
      start: instantOf(guestDay, '09:00:00', 'Europe/London').toISOString(),
    });
    // The owner's own re-invitation names them as before.
    expect(
      (await mailsOf('time-zone', USER)).flatMap((mail) => invitationOf(mail).events.map((e) => e.uid)),
    ).toContain(uidOf(told));

    // In the owner's language, as every mail to their guest.
    await setLocale(db, USER, 'hu-HU');
    clearMails();
    expect((await setTimeZone(admin, 'Europe/Budapest')).status).toBe(200);
    await runJobs();
    const [inHungarian] = await mailsOf('guest-time-zone', 'greta@guest.example');
    expect(inHungarian?.subject).toMatch(/^Parkolása az új időzónában: /);
    expect(inHungarian?.text).toContain('Europe/Budapest');
    await setLocale(db, USER, 'en-US');
  });

  it('1,000 moved reservations of 10 owners: the change queues 10 jobs, each owner one mail of theirs', async () => {
    const owners = await racers(server, 'tz-many', 10, 'A-120');
    const emails = owners.map((owner) => String(owner.self.email));
    const ids = await seedReservations(
      db,
      sql`SELECT u.id AS owner_id, s.id AS parking_slot_id, (${day}::date + 30 + n) AS date,
          '09:00'::time AS start_time, '17:00'::time AS end_time, 'NORMAL'::reservation_type AS reservation_type
        FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM users WHERE email = ANY(${emails}::text[])) u
          JOIN (SELECT id, row_number() OVER (ORDER BY name) AS k FROM parking_slots
            WHERE name LIKE 'B-%' OR name LIKE 'C-%') s ON s.k = u.k
          CROSS JOIN generate_series(0, 99) AS n`,
    );
    expect(ids).toHaveLength(1000);
    await sql`INSERT INTO reservation_invitations (reservation_id, sent_at)
      SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint, now()`.execute(db);
    await runJobs();
    clearMails();
    const before = (await jobRows(db, 'mail.time-zone')).length;
    expect((await setTimeZone(admin, 'Europe/London')).status).toBe(200);
    const queued = (await jobRows(db, 'mail.time-zone')).slice(before);
    expect(queued.filter((job) => (job.payload.reservationIds as string[]).length === 100)).toHaveLength(10);
    await runJobs();
    for (const email of emails) {
      const [mail, ...more] = await mailsOf('time-zone', email);
      expect(more).toEqual([]);
      expect(invitationOf(mail).events).toHaveLength(100);
    }
    expect((await setTimeZone(admin, 'Europe/Budapest')).status).toBe(200);
    await runJobs();
  });
});
