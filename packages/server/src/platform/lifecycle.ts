import type { Executor } from './db/executor.ts';
import type { MailLimits } from './mail/mail-limits.ts';
import type { Pseudonyms } from './pseudonyms.ts';

/*
 * Lifecycle hooks: events of the domain several modules act on (a user left), without the module that causes
 * the event knowing who acts. Modules contribute handlers (their index.ts `hooks`), the composition root
 * (lifecycle.ts) assembles them, and the cause runs them in its own transaction, so all of it commits or none.
 */

/** Each event with what its handlers are told. */
export type LifecycleEvents = {
  /**
   * A user left (deactivated): what they still hold goes. `changedBy`: who is recorded on the rows changed
   * (an administrator's email, or what stands for sign-in or the directory); the mails their change causes to
   * people outside spend `budget`'s user's allowance.
   */
  userLeft: { userId: string; now: Date; changedBy: string; budget: { limits: MailLimits; userId: string } };
  /**
   * A user who left is anonymised: each module replaces what it holds of them (plates, guests' details, their
   * email where they changed something) by `pseudonyms`, with platform/db/pseudonymise.ts, which pseudonymises
   * the audit entries about those rows too. `email`: the person's email before the erasure; `now`: the
   * erasure's instant on the app's clock.
   */
  userErased: { userId: string; email: string; pseudonyms: Pseudonyms; now: Date };
};

export type LifecycleEvent = keyof LifecycleEvents;

/** What one module does on an event, inside the caller's transaction `db`. */
export type LifecycleHandler<E extends LifecycleEvent> = (
  db: Executor,
  event: LifecycleEvents[E],
) => Promise<void>;

/** A module's contribution: a handler for any of the events. */
export type LifecycleHooks = { readonly [E in LifecycleEvent]?: LifecycleHandler<E> };

/** Runs an event's handlers one after another in the caller's transaction. */
export type RunLifecycle = <E extends LifecycleEvent>(
  db: Executor,
  event: E,
  payload: LifecycleEvents[E],
) => Promise<void>;

export const lifecycleOf =
  (contributions: readonly LifecycleHooks[]): RunLifecycle =>
  async (db, event, payload) => {
    for (const hooks of contributions) {
      const handler: LifecycleHandler<typeof event> | undefined = hooks[event];
      await handler?.(db, payload);
    }
  };
