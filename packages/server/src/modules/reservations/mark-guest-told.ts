import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * Records that the guest of a reservation is told of it now (its confirmation goes out), taking the row's lock
 * until the caller's transaction ends: a deletion or change waits for it and then finds the guest told, or
 * came first and is found here. false, recording nothing: not an ACTIVE GUEST reservation with a guest address,
 * or its guest was told already.
 */
export async function markGuestTold(db: Executor, id: string, now: Date): Promise<boolean> {
  const marked = await sql`UPDATE reservations SET guest_told_at = ${now.toISOString()}::timestamptz
    WHERE id = ${id} AND reservation_type = 'GUEST' AND reservation_status = 'ACTIVE'
      AND nullif(trim(guest_email), '') IS NOT NULL AND guest_told_at IS NULL
    RETURNING id`.execute(db);
  return marked.rows.length > 0;
}
