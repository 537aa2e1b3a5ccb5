import { type Kysely, sql } from 'kysely';
import { actors, stampedTransaction } from '../platform/db/actor-stamp.ts';
import type { DB, NewUser } from '../platform/db/schema.ts';
import { DEMO_ACCOUNTS } from '../platform/idp/demo-accounts.ts';
import { seedDemoModel } from './demo-model.ts';

function demoUsers(): NewUser[] {
  return DEMO_ACCOUNTS.flatMap(({ email, name, user }) => {
    if (user === undefined) {
      return [];
    }
    const { isDoorman: _isDoorman, ...flags } = user;
    return [{ email, name, ...flags }];
  });
}

/** Any number; instances that start together on one PostgreSQL seed one after the other. */
const SEED_LOCK = 7_253_622;

/**
 * Seeds the whole demo world (DESIGN §2) into an empty database in one transaction, so a crash leaves all of
 * it or none; returns whether it seeded. It also completes a database an earlier version left half-seeded
 * (it committed the users and doormen, then the garages, slots and cars in a second transaction): only the
 * demo users, no garage and no car. The audit log records it as `system:demo-data`.
 */
export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  return stampedTransaction(db, { actor: actors.system('demo-data') }, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    // One more than the demo has is enough to tell a database with real users.
    const users = await trx
      .selectFrom('users')
      .select('email')
      .limit(demoUsers().length + 1)
      .execute();
    if (users.length === 0) {
      await trx.insertInto('users').values(demoUsers()).execute();
      const doormen = DEMO_ACCOUNTS.filter((account) => account.user?.isDoorman === true);
      if (doormen.length > 0) {
        await trx
          .insertInto('doormen')
          .values(doormen.map(({ name, email }) => ({ name, email })))
          .execute();
      }
      await seedDemoModel(trx);
      return true;
    }
    const demoEmails = new Set(demoUsers().map(({ email }) => email.toLowerCase()));
    const onlyDemoUsers = users.every(({ email }) => demoEmails.has(email.toLowerCase()));
    const garage = await trx.selectFrom('parkingGarages').select('id').limit(1).executeTakeFirst();
    const car = await trx.selectFrom('cars').select('id').limit(1).executeTakeFirst();
    if (!onlyDemoUsers || garage !== undefined || car !== undefined) {
      return false;
    }
    await seedDemoModel(trx);
    return true;
  });
}
