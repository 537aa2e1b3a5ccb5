import { addDays, wallClockAt } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expireReservations } from '../../src/modules/reservations/expire-reservations.ts';
import { seedInProgress, seedReservation, worldOfFile } from '../world.ts';

const statusOf = async (id: string): Promise<string | undefined> =>
  (
    await sql<{
      status: string;
    }>`SELECT reservation_status AS status FROM reservations WHERE id = ${id}`.execute(server.app.database.db)
  ).rows[0]?.status;

const { server } = await worldOfFile();

describe('expiry job', () => {
  it('stores EXPIRED on ACTIVE reservations whose end has passed, once', async () => {
    const yesterday = addDays(wallClockAt(new Date(), 'Europe/Budapest').date, -1);
    const ended = await seedReservation(server.db, {
      owner: 'user@parkhere.example',
      slot: 'A-118',
      date: yesterday,
      start: '09:00:00',
      end: '10:00:00',
    });
    const running = await seedInProgress(server.db, { owner: 'user@parkhere.example', slot: 'A-117' });

    const db = server.app.database.db;
    expect(await expireReservations(db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(ended)).toBe('EXPIRED');
    expect(await statusOf(running)).toBe('ACTIVE');
    // Idempotent: a second run (or another instance's) finds nothing left to do.
    expect(await expireReservations(db, new Date())).toBe(0);

    // The injected clock decides what has ended: an hour on, the running one is over too.
    await expireReservations(db, new Date(Date.now() + 60 * 60_000));
    expect(await statusOf(running)).toBe('EXPIRED');
  });
});
