import { sql } from 'kysely';
import { answeredRow } from '../../platform/db/answered-row.ts';
import type { Executor } from '../../platform/db/executor.ts';

/*
 * The calendar feeds table: per user whether the feed is on and the generation its address is signed for.
 * Every change raises the generation in the same statement, so an address given out before never works again.
 */

export type FeedRow = { enabled: boolean; generation: number };

/** The user's feed, undefined when it was never turned on. */
export async function feedOf(db: Executor, userId: string): Promise<FeedRow | undefined> {
  const found = await sql<FeedRow>`SELECT enabled, generation FROM calendar_feeds
    WHERE user_id = ${userId}::bigint`.execute(db);
  return found.rows[0];
}

/** The feed of an active user, for serving it: undefined when off, never on, or the user is deactivated. */
export async function servedFeedOf(
  db: Executor,
  userId: string,
): Promise<{ generation: number; locale: string | null } | undefined> {
  const found = await sql<{ generation: number; locale: string | null }>`SELECT f.generation, u.locale
    FROM calendar_feeds f JOIN users u ON u.id = f.user_id
    WHERE f.user_id = ${userId}::bigint AND f.enabled AND u.is_active`.execute(db);
  return found.rows[0];
}

/** Turns the feed on; one already on keeps its address, one turned on again gets a new one. */
export async function enableFeed(db: Executor, userId: string, now: Date): Promise<FeedRow> {
  const stored = await sql<FeedRow>`INSERT INTO calendar_feeds (user_id, changed)
      VALUES (${userId}::bigint, ${now.toISOString()}::timestamptz)
    ON CONFLICT (user_id) DO UPDATE SET enabled = true, changed = excluded.changed,
      generation = calendar_feeds.generation + CASE WHEN calendar_feeds.enabled THEN 0 ELSE 1 END
    RETURNING enabled, generation`.execute(db);
  return answeredRow(stored, 'an upsert answers its row');
}

/** A new address for the feed, turning it on if it was off: the old address is dead once this commits. */
export async function resetFeed(db: Executor, userId: string, now: Date): Promise<FeedRow> {
  const stored = await sql<FeedRow>`INSERT INTO calendar_feeds (user_id, changed)
      VALUES (${userId}::bigint, ${now.toISOString()}::timestamptz)
    ON CONFLICT (user_id) DO UPDATE SET enabled = true, changed = excluded.changed,
      generation = calendar_feeds.generation + 1
    RETURNING enabled, generation`.execute(db);
  return answeredRow(stored, 'an upsert answers its row');
}

/** Turns the feed off; its address stops working. No feed is on to answer. */
export async function disableFeed(db: Executor, userId: string, now: Date): Promise<undefined> {
  await sql`UPDATE calendar_feeds SET enabled = false, generation = generation + 1,
      changed = ${now.toISOString()}::timestamptz
    WHERE user_id = ${userId}::bigint AND enabled`.execute(db);
  return undefined;
}
