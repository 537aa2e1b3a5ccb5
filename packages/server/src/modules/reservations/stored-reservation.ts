import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { EntityNotFoundError } from '../../platform/errors.ts';
import type { StoredReservation } from './rules/index.ts';

/** A reservation as the lifecycle rules see it, locked for the change that follows. */
export async function lockReservation(
  db: Kysely<DB>,
  reservationId: string,
): Promise<StoredReservation & { version: number }> {
  const found = await sql<{
    ownerId: string;
    type: StoredReservation['type'];
    status: StoredReservation['status'];
    date: string;
    start: Date | string;
    end: Date | string;
    version: number;
  }>`SELECT owner_id::text AS owner_id, reservation_type AS type, reservation_status AS status,
      to_char(date, 'YYYY-MM-DD') AS date, lower(during) AS start, upper(during) AS "end", version
    FROM reservations WHERE id = ${reservationId} FOR UPDATE`.execute(db);
  const row = found.rows[0];
  if (row === undefined) {
    throw new EntityNotFoundError();
  }
  return { ...row, start: new Date(row.start), end: new Date(row.end) };
}
