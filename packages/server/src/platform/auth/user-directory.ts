import type { Locale } from '@parkhere/contract';
import type { Expression, Kysely } from 'kysely';
import type { DB, UserRow } from '../db/schema.ts';

/** A user as sign-in sees them: their row and whether their email is a doorman's. */
export type SignInUser = UserRow & { isDoorman: boolean };

/**
 * What sign-in asks of the modules that keep users and doormen, handed to platform/auth at composition
 * (app.ts): auth binds provider accounts to users and decides who may sign in, and names none of their
 * tables. Each call runs on the `db` it is given, so the caller's transaction (and its audit stamp) holds.
 */
export type UserDirectory = {
  /** The user whose id `id` selects (in the same statement), or whose email is `email` in any case. */
  find(db: Kysely<DB>, by: { id: Expression<string> } | { email: string }): Promise<SignInUser | undefined>;
  /** Adds the user of a first sign-in; one of that email (any case) added meanwhile stays as it is. */
  add(db: Kysely<DB>, user: { email: string; name: string; isAdministrator: boolean }): Promise<void>;
  /** Stores the language the user works in. */
  setLocale(db: Kysely<DB>, userId: string, locale: Locale): Promise<void>;
  /**
   * Completes the leaving of a user sign-in found inactive who has not left yet (made inactive by another path
   * than the users' own deactivation): what they hold is released, in `db`'s transaction.
   */
  leave(db: Kysely<DB>, userId: string): Promise<void>;
};
