import { sql } from 'kysely';
import type { Executor } from '../../src/platform/db/executor.ts';
import { seedDrawRequest } from '../world.ts';

/**
 * A draw of `garage`'s `date` recorded as if it had run, with no slot to give: each owner's request (09:00–
 * 10:00) taken and LOST in the order given. For the tests that need a draw to read, not one to run.
 */
export async function seedLostDraw(
  db: Executor,
  draw: { garage: string; date: string; owners: readonly string[]; seed?: number },
): Promise<string> {
  const requests: { requestId: string; userId: string }[] = [];
  for (const owner of draw.owners) {
    const requestId = await seedDrawRequest(db, {
      owner,
      garage: draw.garage,
      date: draw.date,
      start: '09:00',
      end: '10:00',
      status: 'LOST',
    });
    const user = await sql<{ id: string }>`SELECT id::text AS id FROM users WHERE email = ${owner}`.execute(
      db,
    );
    requests.push({ requestId, userId: user.rows[0]?.id ?? '' });
  }
  const inputs = {
    requests: requests.map((request) => ({
      ...request,
      start: `${draw.date}T08:00:00.000Z`,
      end: `${draw.date}T09:00:00.000Z`,
      preferredSlotId: null,
      weight: 1,
      priority: null,
      mayReserve: true,
    })),
    slots: [],
  };
  const outcome = { winners: [], losers: requests, served: [], waiting: [] };
  const inserted = await sql<{
    id: string;
  }>`INSERT INTO draws (parking_garage_id, date, seed, inputs, outcome,
      request_count, winner_count, ran_at)
    SELECT g.id, ${draw.date}::date, ${draw.seed ?? 7}, ${JSON.stringify(inputs)}::jsonb,
      ${JSON.stringify(outcome)}::jsonb, ${requests.length}, 0, now()
    FROM parking_garages g WHERE g.name = ${draw.garage}
    RETURNING id::text AS id`.execute(db);
  return inserted.rows[0]?.id ?? '';
}

/**
 * HQ Garage the only garage that draws, and `drivers` (Driver 1, 2, …) who may book NORMAL days there, twenty
 * at most, each with a favourite car.
 */
export async function drawInHqOnly(db: Executor, drivers: readonly string[]): Promise<void> {
  await sql`UPDATE parking_garages SET draw_enabled = (name = 'HQ Garage')`.execute(db);
  for (const [index, email] of drivers.entries()) {
    await sql`WITH u AS (INSERT INTO users (email, name, is_normal_reservation, max_normal_reservation, locale)
        VALUES (${email}, ${`Driver ${index + 1}`}, true, 20, 'en-US') RETURNING id),
      a AS (INSERT INTO user_accessed_garages (user_id, parking_garage_id)
        SELECT u.id, g.id FROM u, parking_garages g WHERE g.name = 'HQ Garage')
      INSERT INTO cars (user_id, license_plate, is_favorite)
      SELECT u.id, ${`DRV-${index + 1}`}, true FROM u`.execute(db);
  }
}
