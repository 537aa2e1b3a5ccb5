import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { storeExpired } from './repository.ts';

/**
 * Stores EXPIRED on WAITING entries whose start has passed: no slot became free for them in time. Reads
 * already show them EXPIRED (source.ts); this queues the mail that tells the owner, once per entry however
 * many instances run it on their timers.
 */
export function expireWaitlist(db: Kysely<DB>, now: Date): Promise<number> {
  return storeExpired(db, now);
}
