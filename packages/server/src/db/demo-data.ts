import type { Kysely } from 'kysely';
import { DEMO_ACCOUNTS } from '../demo-accounts.ts';
import type { DB, NewUser } from './schema.ts';

function demoUsers(): NewUser[] {
  return DEMO_ACCOUNTS.flatMap(({ email, name, user }) => {
    if (user === undefined) {
      return [];
    }
    const { isDoorman: _isDoorman, ...flags } = user;
    return [{ email, name, ...flags }];
  });
}

/** Seeds the demo users and doormen on an empty database; returns whether it did. */
export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing !== undefined) {
      return false;
    }
    await trx.insertInto('users').values(demoUsers()).execute();
    const doormen = DEMO_ACCOUNTS.filter((account) => account.user?.isDoorman === true);
    if (doormen.length > 0) {
      await trx
        .insertInto('doormen')
        .values(doormen.map(({ name, email }) => ({ name, email })))
        .execute();
    }
    return true;
  });
}
