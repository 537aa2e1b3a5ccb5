import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type DrawLoser, waitInDrawOrder } from '../../src/modules/waitlist/index.ts';
import { seedReservation, seedWaitlistEntry } from '../world.ts';
import { statusOf, takeSlot, waitlistOf, waitlistWorldOfFile } from './waitlist.ts';

/*
 * The waitlist's order is its explicit rank (migration 0020): an entry joined as before ranks by its id, first
 * come first served; a fair draw's losers are put on it in draw order, after everybody waiting. Both the
 * promotion and the position a user sees follow the rank. HQ Garage is narrowed to.
 */
const DAY = '2026-03-05';

const { server, time, user } = await waitlistWorldOfFile();
const db = server.db;
// Everybody may book NORMAL days, so any of them may be served.
await sql`UPDATE users SET is_normal_reservation = true, max_normal_reservation = 100`.execute(db);

const runJobs = async () => {
  while ((await server.app.jobs.runDue()) > 0) {
    // again: a job may queue the next
  }
};

const one = async <T>(query: Promise<{ rows: T[] }>): Promise<T> => {
  const [row] = (await query).rows;
  if (row === undefined) {
    throw new Error('no row');
  }
  return row;
};

/** A draw's loser of `email` for DAY in A-103's garage, as the draw hands it over. */
const loser = async (email: string, start = '09:00', end = '10:00', type = 'NORMAL'): Promise<DrawLoser> => {
  const found = await one(
    sql<{ userId: string; garageId: string; carId: string | null }>`SELECT u.id::text AS user_id,
      (SELECT s.parking_garage_id::text FROM parking_slots s WHERE s.name = 'A-103') AS garage_id,
      (SELECT c.id::text FROM cars c WHERE c.user_id = u.id AND c.is_favorite) AS car_id
    FROM users u WHERE u.email = ${email}`.execute(db),
  );
  return {
    ...found,
    email,
    guestName: null,
    guestEmail: null,
    guestLicensePlate: null,
    date: DAY,
    startTime: `${start}:00`,
    endTime: `${end}:00`,
    start: new Date(`${DAY}T${start}:00+01:00`),
    end: new Date(`${DAY}T${end}:00+01:00`),
    type: type as DrawLoser['type'],
    sendNotification: true,
    reminderBefore: null,
    notifyDoorman: false,
    createdBy: 'system:draw',
  };
};

const putOnWaitlist = (losers: DrawLoser[]) =>
  db.transaction().execute((transaction) => waitInDrawOrder(transaction, losers, time.clock()));

const rankOf = async (entryId: string) =>
  (
    await one(
      sql<{ rank: string }>`SELECT rank::text AS rank FROM waitlist_entries WHERE id = ${entryId}`.execute(
        db,
      ),
    )
  ).rank;

const freeSlot = (reservationId: string) =>
  sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${reservationId}`.execute(db);

describe('the waitlist’s rank', () => {
  it('ranks an entry joined as before by its id', async () => {
    const id = await seedWaitlistEntry(db, {
      owner: 'admin@parkhere.example',
      date: DAY,
      start: '07:00',
      end: '08:00',
    });
    expect(await rankOf(id)).toBe(id);
  });

  it('puts a draw’s losers after those waiting, in draw order, and serves by rank, whatever the ids say', async () => {
    const fillers = [
      await takeSlot(db, 'A-103', DAY, '09:00', '10:00'),
      await takeSlot(db, 'A-104', DAY, '09:00', '10:00'),
    ];
    const waiting = await seedWaitlistEntry(db, {
      owner: 'quick@parkhere.example',
      date: DAY,
      start: '09:00',
      end: '10:00',
    });
    const answers = await putOnWaitlist([
      await loser('admin@parkhere.example'),
      await loser('user@parkhere.example'),
    ]);
    const [adminEntry, userEntry] = answers.map((answer) => ('entryId' in answer ? answer.entryId : ''));
    expect(answers.every((answer) => 'entryId' in answer)).toBe(true);
    const ranks = [await rankOf(waiting), await rankOf(String(adminEntry)), await rankOf(String(userEntry))];
    expect(ranks.map(Number)).toEqual([Number(ranks[0]), Number(ranks[0]) + 1, Number(ranks[0]) + 2]);
    expect((await waitlistOf(user)).map((entry) => entry.position)).toEqual([3]);
    // The order is the rank's, not the id's: the administrator's entry (the older one) moved behind the user's.
    await sql`UPDATE waitlist_entries SET rank = rank + 2 WHERE id = ${String(adminEntry)}`.execute(db);
    expect((await waitlistOf(user)).map((entry) => entry.position)).toEqual([2]);
    await runJobs();
    await freeSlot(String(fillers[0]));
    await runJobs();
    // quick@ (first in rank) has no car to be served with and keeps waiting; the user is next.
    expect((await statusOf(db, String(userEntry)))?.status).toBe('PROMOTED');
    expect((await statusOf(db, String(adminEntry)))?.status).toBe('WAITING');
    await freeSlot(String(fillers[1]));
    await runJobs();
    expect((await statusOf(db, String(adminEntry)))?.status).toBe('PROMOTED');
    expect((await statusOf(db, waiting))?.status).toBe('WAITING');
  });

  it('tells why a loser cannot wait: a LONG day, an own booking or wait at the time, no access', async () => {
    await seedReservation(db, {
      owner: 'user@parkhere.example',
      slot: 'A-104',
      date: DAY,
      start: '13:00',
      end: '14:00',
    });
    const [waits] = await putOnWaitlist([await loser('quick@parkhere.example', '15:00', '16:00')]);
    expect(waits).toEqual({ entryId: expect.any(String) });
    await sql`DELETE FROM user_accessed_garages WHERE user_id = (SELECT id FROM users WHERE email = 'admin@parkhere.example')`.execute(
      db,
    );
    expect(
      await putOnWaitlist([
        await loser('user@parkhere.example', '11:00', '12:00', 'LONG'),
        await loser('user@parkhere.example', '13:30', '14:30'),
        await loser('quick@parkhere.example', '15:30', '16:30'),
        await loser('admin@parkhere.example', '11:00', '12:00'),
      ]),
    ).toEqual([
      { refused: 'NOT_FOR_SERIES' },
      { refused: 'OVERLAPPING_RESERVATION' },
      { refused: 'ALREADY_WAITING' },
      { refused: 'NO_GARAGE_ACCESS' },
    ]);
  });
});
