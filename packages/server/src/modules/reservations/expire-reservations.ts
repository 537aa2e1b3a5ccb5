import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { storeExpired } from './repository.ts';

/**
 * Stores EXPIRED on ACTIVE reservations whose end has passed (DESIGN §4 Expiry). Reads already count them as
 * expired; this keeps the stored status honest for reports and the exclusion constraints' ACTIVE rows lean.
 * Idempotent, so every instance may run it on its own timer. The version stays: nothing the owner could
 * still change moved, and their cards' signed identifiers keep working.
 */
export function expireReservations(db: Kysely<DB>, now: Date): Promise<number> {
  return storeExpired(db, now);
}
