import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { scheduleReminder } from '../../src/modules/notifications/notifications.ts';
import { noticeFactsOf } from '../../src/modules/reservations/repository.ts';
import { jobRows, readMails, recipientsOf, runAllJobs, startOver } from '../jobs/inspect.ts';
import { movableClock, seedDrawRequest, seedReservation, seedWaitlistEntry, worldOfFile } from '../world.ts';

/*
 * Issue 31: what was scheduled from a reservation's instants follows a change of the configured time zone with
 * the reservation (migration 0052 moves it, 0062 the rest): its reminder goes at the new instant and not at the
 * old one, and the waits and draw requests still to come keep their wall clock too. In June 2027 Budapest is
 * UTC+2 and London UTC+1, so 09:00 is 07:00Z before the change and 08:00Z after it. The database's clock is the
 * machine's, the app's a June morning of 2027: both before every day here.
 */

const USER = 'user@parkhere.example';
const time = movableClock('2027-06-01T08:00:00Z');
const { storage, server: app } = await worldOfFile({
  listen: false,
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0 },
});
const db = app.db;

const setTimeZone = (timeZone: string) => sql`UPDATE configuration SET time_zone = ${timeZone}`.execute(db);
afterAll(() => setTimeZone('Europe/Budapest'));

const startOf = async (table: 'waitlist_entries' | 'draw_requests', id: string) =>
  (
    await sql<{ version: number; start: Date }>`SELECT version, lower(during) AS start
      FROM ${sql.table(table)} WHERE id = ${id}`.execute(db)
  ).rows[0];

const reminderMails = async () =>
  (await readMails(storage.dataDir)).filter((mail) => recipientsOf(mail).includes(USER));

describe('a change of the configured time zone', () => {
  it('moves a queued reminder to the new instant: it goes then, and not at the old one', async () => {
    // No demo reservation or job of its own: the only mail to the user here is the reminder.
    await startOver(db, storage.dataDir);
    const id = await seedReservation(db, {
      owner: USER,
      slot: 'A-111',
      date: '2027-06-15',
      start: '09:00',
      end: '17:00',
      reminder: '00:15:00',
    });
    expect(await scheduleReminder(db, await noticeFactsOf(db, id), time.clock())).toEqual(
      new Date('2027-06-15T06:45:00Z'),
    );

    await setTimeZone('Europe/London');

    const pending = (await jobRows(db, 'mail.reminder')).filter((row) => row.state === 'pending');
    expect(pending).toEqual([
      expect.objectContaining({
        runAt: new Date('2027-06-15T07:45:00Z'),
        payload: { reservationId: id, startsAt: '2027-06-15T08:00:00.000Z' },
        idempotencyKey: `reminder:${id}:2027-06-15T08:00:00.000Z`,
      }),
    ]);
    // The old instant passes without a reminder; the new one brings it, once.
    time.set('2027-06-15T06:45:00Z');
    await runAllJobs(app);
    expect(await reminderMails()).toEqual([]);
    time.set('2027-06-15T07:45:00Z');
    await runAllJobs(app);
    expect(await reminderMails()).toHaveLength(1);
    time.set('2027-06-15T07:59:00Z');
    await runAllJobs(app);
    expect(await reminderMails()).toHaveLength(1);

    // Saving the same zone again queues nothing more.
    await setTimeZone('Europe/London');
    expect((await jobRows(db, 'mail.reminder')).filter((row) => row.state === 'pending')).toEqual([]);
  });

  it('keeps the wall clock of the waits and the draw requests still to come', async () => {
    await setTimeZone('Europe/Budapest');
    const wait = await seedWaitlistEntry(db, {
      owner: USER,
      date: '2027-06-16',
      start: '09:00',
      end: '17:00',
    });
    const request = await seedDrawRequest(db, {
      owner: USER,
      garage: 'HQ Garage',
      date: '2027-06-17',
      start: '09:00',
      end: '17:00',
    });
    const drawn = await seedDrawRequest(db, {
      owner: USER,
      garage: 'HQ Garage',
      date: '2027-06-18',
      start: '09:00',
      end: '17:00',
      status: 'LOST',
    });
    expect((await startOf('waitlist_entries', wait))?.start).toEqual(new Date('2027-06-16T07:00:00Z'));

    await setTimeZone('Europe/London');

    expect(await startOf('waitlist_entries', wait)).toEqual({
      version: 2,
      start: new Date('2027-06-16T08:00:00Z'),
    });
    expect(await startOf('draw_requests', request)).toEqual({
      version: 2,
      start: new Date('2027-06-17T08:00:00Z'),
    });
    // A request the draw has settled is a record of what was asked: it stays as it was.
    expect(await startOf('draw_requests', drawn)).toEqual({
      version: 1,
      start: new Date('2027-06-18T07:00:00Z'),
    });
  });

  it('moves back-to-back reservations of one slot and adjacent waits of one person, both ways', async () => {
    await setTimeZone('Europe/Budapest');
    // Each pair is written earlier first, so a move later takes the earlier over the later's old instants first.
    const morning = await seedReservation(db, {
      owner: USER,
      slot: 'A-112',
      date: '2027-06-21',
      start: '09:00',
      end: '12:00',
    });
    const afternoon = await seedReservation(db, {
      owner: 'admin@parkhere.example',
      slot: 'A-112',
      date: '2027-06-21',
      start: '12:00',
      end: '17:00',
    });
    const early = await seedWaitlistEntry(db, {
      owner: USER,
      date: '2027-06-22',
      start: '09:00',
      end: '12:00',
    });
    const late = await seedWaitlistEntry(db, {
      owner: USER,
      date: '2027-06-22',
      start: '12:00',
      end: '17:00',
    });
    const startsOf = async () =>
      (
        await sql<{
          start: Date;
        }>`SELECT lower(during) AS start FROM reservations WHERE id IN (${morning}, ${afternoon})
          UNION ALL SELECT lower(during) FROM waitlist_entries WHERE id IN (${early}, ${late})
          ORDER BY start`.execute(db)
      ).rows.map((row) => row.start.toISOString());

    await setTimeZone('Europe/London');
    expect(await startsOf()).toEqual([
      '2027-06-21T08:00:00.000Z',
      '2027-06-21T11:00:00.000Z',
      '2027-06-22T08:00:00.000Z',
      '2027-06-22T11:00:00.000Z',
    ]);
    await setTimeZone('Europe/Budapest');
    expect(await startsOf()).toEqual([
      '2027-06-21T07:00:00.000Z',
      '2027-06-21T10:00:00.000Z',
      '2027-06-22T07:00:00.000Z',
      '2027-06-22T10:00:00.000Z',
    ]);
  });
});
