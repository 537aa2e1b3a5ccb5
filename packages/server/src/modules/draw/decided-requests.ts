import { type Kysely, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';

/* The draw's writes of its requests: each PENDING request of the day becomes WON or LOST, once. */

/** The requests' new status, before their reservations are made (a PENDING one counts toward the quota). */
export async function markDecided(
  db: Kysely<DB>,
  won: readonly string[],
  lost: readonly string[],
  { by, now }: { by: string; now: Date },
): Promise<void> {
  for (const [status, ids] of [
    ['WON', won],
    ['LOST', lost],
  ] as const) {
    if (ids.length > 0) {
      await sql`UPDATE draw_requests SET draw_status = ${status}::draw_status, modefied = ${instant(now)},
          modefied_by = ${by}, version = version + 1
        WHERE id = ANY(${ids.map(Number)}::bigint[]) AND draw_status = 'PENDING'`.execute(db);
    }
  }
}

/** The winners' reservations, in one statement; a winner refused by a rule when it was made is LOST after all. */
export async function markServed(
  db: Kysely<DB>,
  served: readonly { requestId: string; reservationId: string | null }[],
): Promise<void> {
  if (served.length === 0) {
    return;
  }
  await sql`UPDATE draw_requests q SET reservation_id = s."reservationId",
      draw_status = CASE WHEN s."reservationId" IS NULL THEN 'LOST' ELSE 'WON' END::draw_status
    FROM jsonb_to_recordset(${JSON.stringify(served)}::jsonb) AS s("requestId" bigint, "reservationId" bigint)
    WHERE q.id = s."requestId"`.execute(db);
}
