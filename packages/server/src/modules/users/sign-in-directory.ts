import { type RawBuilder, sql } from 'kysely';
import type { UserDirectory } from '../../platform/auth/user-directory.ts';
import { USER_COLUMNS } from './user-columns.ts';

/** Whether an email (an SQL expression) is a doorman's: the doormen module's to say. */
export type DoormanTest = (email: RawBuilder<unknown>) => RawBuilder<boolean>;

/**
 * The users as sign-in finds, adds and updates them (platform/auth asks; app.ts hands it this). Every lookup is
 * one statement, also whether the user is a doorman. `leave`: the users' deactivation, as app.ts binds it.
 */
export const signInDirectory = (isDoorman: DoormanTest, leave: UserDirectory['leave']): UserDirectory => ({
  find: (db, by) =>
    db
      .selectFrom('users')
      .select(USER_COLUMNS.map((column) => `users.${column}` as const))
      .select(isDoorman(sql.ref('users.email')).as('isDoorman'))
      .where((eb) =>
        'email' in by
          ? eb(eb.fn('lower', ['users.email']), '=', by.email.toLowerCase())
          : eb('users.id', '=', by.id),
      )
      .executeTakeFirst(),
  // Two first requests may race; the unique index keeps one row and both read it back.
  add: async (db, user) => {
    await db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .execute();
  },
  setLocale: async (db, userId, locale) => {
    await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
  },
  leave,
});
