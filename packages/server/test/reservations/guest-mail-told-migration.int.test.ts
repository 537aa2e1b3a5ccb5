import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db/migrate.ts';
import { databaseOfFile, type SeededReservation, seedReservation, usersWorkingDay } from '../world.ts';

/*
 * Migration 0017 starts recording when a guest was told of a GUEST reservation (its confirmation went out);
 * its changes mail only a told guest. The GUEST reservations of a database from before count as told, as
 * their changes mailed the guest so far, but those whose guest confirmation is still to go out or failed for
 * good: that job, or nothing, tells the guest.
 */

const { db } = await databaseOfFile({ demoData: true });

const guestOn = (slot: string, date: string, email: string): SeededReservation => ({
  ...usersWorkingDay(slot, date),
  type: 'GUEST',
  guest: { name: 'Greta Guest', email, licensePlate: 'GST-120' },
});

const confirmationJob = (reservationId: string, state: 'pending' | 'done' | 'dead') =>
  sql`INSERT INTO jobs (kind, payload, idempotency_key, state, run_at)
    VALUES ('mail.guest', ${JSON.stringify({ reservationId, about: 'confirmation' })}::jsonb,
      ${`guest-confirmation:${reservationId}`}, ${state}, now())`.execute(db);

describe('migration 0017: the guests told before it', () => {
  it('counts a guest as told unless their confirmation is still to go out or failed for good', async () => {
    // The database as migration 0016 left it.
    await sql`ALTER TABLE reservations DROP COLUMN guest_told_at`.execute(db);
    await sql`DELETE FROM schema_migrations WHERE version = '0017'`.execute(db);
    const sent = await seedReservation(db, guestOn('A-120', '2026-12-01', 'sent@elsewhere.example'));
    await confirmationJob(sent, 'done');
    const purged = await seedReservation(db, guestOn('A-120', '2026-12-02', 'purged@elsewhere.example'));
    const waiting = await seedReservation(db, guestOn('A-120', '2026-12-03', 'waiting@elsewhere.example'));
    await confirmationJob(waiting, 'pending');
    const failed = await seedReservation(db, guestOn('A-120', '2026-12-04', 'failed@elsewhere.example'));
    await confirmationJob(failed, 'dead');
    const own = await seedReservation(db, usersWorkingDay('A-120', '2026-12-07'));

    expect(await migrate(db)).toEqual(['0017']);

    const rows = await sql<{
      id: string;
      told: boolean;
    }>`SELECT id::text AS id, guest_told_at IS NOT NULL AS told
      FROM reservations WHERE id IN (${sent}, ${purged}, ${waiting}, ${failed}, ${own})`.execute(db);
    const told = Object.fromEntries(rows.rows.map((row) => [row.id, row.told]));
    // A done confirmation, or one purged since (done jobs are kept a month): told. Not a GUEST one: no guest.
    expect([sent, purged, waiting, failed, own].map((id) => told[id])).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
