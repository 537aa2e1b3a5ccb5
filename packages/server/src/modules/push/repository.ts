import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/*
 * The push subscriptions table (migration 0051): one row per browser that turned notifications on, its
 * endpoint unique. The only file naming it, with what the module reads of its users (their language, whether
 * they are active).
 */

export type StoredSubscription = {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The user's language, null until they used the app. */
  locale: string | null;
};

const count = async (db: Executor, userId: string): Promise<number> => {
  const found = await sql<{ count: number }>`SELECT count(*)::int AS count FROM push_subscriptions
    WHERE user_id = ${userId}::bigint`.execute(db);
  return found.rows[0]?.count ?? 0;
};

/**
 * Stores the browser's subscription for the user; the number of theirs after it. An endpoint is one browser:
 * subscribed again (new keys, or another user signed in on it) the row is replaced, never doubled.
 */
export async function storeSubscription(
  db: Executor,
  subscription: { userId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<number> {
  const { userId, endpoint, p256dh, auth, now } = subscription;
  await sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created)
      VALUES (${userId}::bigint, ${endpoint}, ${p256dh}, ${auth}, ${now.toISOString()}::timestamptz)
    ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
      auth = excluded.auth, created = excluded.created`.execute(db);
  return count(db, userId);
}

/** Removes the user's own subscription of this endpoint (another user's is never touched); the number left. */
export async function removeSubscription(db: Executor, userId: string, endpoint: string): Promise<number> {
  await sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}::bigint AND endpoint = ${endpoint}`.execute(
    db,
  );
  return count(db, userId);
}

/** A subscription the push service said is gone (404, 410), or one the endpoint rules now refuse. */
export async function dropSubscription(db: Executor, id: string): Promise<void> {
  await sql`DELETE FROM push_subscriptions WHERE id = ${id}::bigint`.execute(db);
}

/** Every subscription of a user who left. */
export async function dropSubscriptionsOf(db: Executor, userId: string): Promise<void> {
  await sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}::bigint`.execute(db);
}

/** The ids of the subscriptions of the active user `userId` (an SQL expression). */
export async function subscriptionIdsOf(db: Executor, userId: RawBuilder<unknown>): Promise<string[]> {
  const found = await sql<{ id: string }>`SELECT s.id::text AS id FROM push_subscriptions s
    JOIN users u ON u.id = s.user_id
    WHERE s.user_id = ${userId} AND u.is_active ORDER BY s.id`.execute(db);
  return found.rows.map((row) => row.id);
}

/** A subscription to send to, with its active user's language; undefined once removed or the user left. */
export async function subscriptionToSend(db: Executor, id: string): Promise<StoredSubscription | undefined> {
  const found = await sql<StoredSubscription>`SELECT s.id::text AS id, s.user_id::text AS user_id, s.endpoint,
      s.p256dh, s.auth, u.locale
    FROM push_subscriptions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${id}::bigint AND u.is_active`.execute(db);
  return found.rows[0];
}

/** Whether the user `userId` (an SQL expression) has a subscription: SQL for the statements that look for work. */
export const hasSubscriptionSql = (userId: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = ${userId})`;

/** The user's subscriptions in their own copy of their data. */
export const personalDataSql = (userId: string) =>
  sql`SELECT endpoint, created FROM push_subscriptions WHERE user_id = ${userId}::bigint ORDER BY id`;
