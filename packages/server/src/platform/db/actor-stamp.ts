import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { retryingDeadlocks } from './deadlock-retry.ts';
import type { DB } from './schema.ts';

/*
 * Who makes the changes of a transaction, and why: the audit log's triggers (migration 0015) read it from two
 * transaction-local settings. Entry points stamp their transaction (a request, a job, a sign-in, a link); the
 * writes below them know nothing of it. Actors:
 *   user:<id>                  a signed-in user's request
 *   system:<job kind>          a job (system:<task> for the app's own timers and seeding)
 *   sign-in:<issuer>#<subject> the provider's account whose first sign-in provisions its user
 * and a module's own entry points' (a link that needs no sign-in names itself: modules/check-in).
 * No stamp: `system`. A reason names a business event ('no-show release', 'waitlist promotion'). A request's
 * stamp also says where it came from (its `Origin`), which a job's has not.
 */

/** Where a request came from: the client's address (as TRUSTED_PROXIES lets us believe it), its user agent. */
export type Origin = { address?: string; userAgent?: string };

export type Stamp = { actor: string; reason?: string } & Origin;

export const actors = {
  user: (userId: string) => `user:${userId}`,
  system: (task: string) => `system:${task}`,
  signIn: (issuer: string, subject: string) => `sign-in:${issuer}#${subject}`,
};

/**
 * The stamp as an SQL expression that sets it and is true: a statement that must not spend a round trip on it
 * makes what it writes depend on this (set before the statement's triggers fire, gone with its transaction).
 */
export const stampExpression = (stamp: Stamp): RawBuilder<boolean> =>
  sql<boolean>`(set_config('parkhere.actor', ${stamp.actor}, true) IS NOT NULL
    AND set_config('parkhere.reason', ${stamp.reason ?? ''}, true) IS NOT NULL
    AND set_config('parkhere.address', ${stamp.address ?? ''}, true) IS NOT NULL
    AND set_config('parkhere.user_agent', ${stamp.userAgent ?? ''}, true) IS NOT NULL)`;

/** A signed-in user's request, stamped with where it came from. */
export const userStamp = (userId: string, origin: Origin = {}): Stamp => ({
  actor: actors.user(userId),
  ...origin,
});

/** Stamps the open transaction: its changes from here on are the stamp's. */
export async function stampTransaction(transaction: Kysely<DB>, stamp: Stamp): Promise<void> {
  await sql`SELECT ${stampExpression(stamp)}`.execute(transaction);
}

/** Names the business event of the open transaction's changes from here on, its actor left as stamped. */
export async function stampReason(transaction: Kysely<DB>, reason: string): Promise<void> {
  await sql`SELECT set_config('parkhere.reason', ${reason}, true)`.execute(transaction);
}

/** `work` in a transaction of its own, stamped before anything else runs in it; run again after a deadlock. */
export const stampedTransaction = <T>(
  db: Kysely<DB>,
  stamp: Stamp,
  work: (transaction: Transaction<DB>) => Promise<T>,
): Promise<T> =>
  retryingDeadlocks(() =>
    db.transaction().execute(async (transaction) => {
      await stampTransaction(transaction, stamp);
      return work(transaction);
    }),
  );
