import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { DEMO_ACCOUNTS } from '../src/platform/idp/demo-accounts.ts';
import { createStorage, startServer, type WorldStorage } from './world.ts';

/** What the complete demo world of DESIGN §2 holds, counted. */
const COMPLETE = {
  users: 4,
  doormen: 1,
  garages: 2,
  slots: 60,
  cars: 4,
  accessLinks: 4,
  doormanGarages: 1,
  preferredSlots: 1,
  groupMembers: 1,
  senderEmail: 'parking@parkhere.example',
};

async function demoWorld(db: Kysely<DB>) {
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n);
  const configuration = await db.selectFrom('configuration').select('senderEmail').executeTakeFirst();
  return {
    users: await count('users'),
    doormen: await count('doormen'),
    garages: await count('parking_garages'),
    slots: await count('parking_slots'),
    cars: await count('cars'),
    accessLinks: await count('user_accessed_garages'),
    doormanGarages: await count('doorman_garages'),
    groupMembers: await count('group_members'),
    preferredSlots: Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM users WHERE preferred_parking_slot_id IS NOT NULL`.execute(db)
      ).rows[0]?.n,
    ),
    senderEmail: configuration?.senderEmail ?? null,
  };
}

/** Runs `work` on the world's database while no server holds it. */
async function withDatabase<T>(world: WorldStorage, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: world.databaseUrl, dataDir: world.dataDir });
  try {
    await migrate(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** A migrated database without any demo data (the template of a test run is seeded). */
/** One start of the server over the world (it seeds the demo data where it may), and its stop. */
async function startAndStop(world: WorldStorage): Promise<void> {
  const server = await startServer(world);
  await server.stop();
}

async function emptyDatabase(db: Kysely<DB>): Promise<void> {
  await sql`TRUNCATE users, doormen, parking_garages, additional_days, groups CASCADE`.execute(db);
  // The cascade reaches configuration (through files); an empty database has its one row, as migrated.
  await sql`INSERT INTO configuration (id) VALUES (1) ON CONFLICT DO NOTHING`.execute(db);
  await sql`UPDATE configuration SET sender_email = NULL, contact_email = NULL`.execute(db);
}

describe('demo data after a crash during seeding', () => {
  let world: WorldStorage;

  beforeEach(async () => {
    world = await createStorage();
    await withDatabase(world, emptyDatabase);
  });

  afterEach(async () => {
    await world.dispose();
  });

  it('completes a database left with the demo users but no garages, slots or cars', async () => {
    // What the earlier two-transaction seeding committed before a crash: the users and doormen only.
    await withDatabase(world, async (db) => {
      await db
        .insertInto('users')
        .values(
          DEMO_ACCOUNTS.flatMap(({ email, name, user }) => {
            if (user === undefined) {
              return [];
            }
            const { isDoorman: _isDoorman, ...flags } = user;
            return [{ email, name, ...flags }];
          }),
        )
        .execute();
      await db
        .insertInto('doormen')
        .values({ name: 'Dora Doorman', email: 'doorman@parkhere.example' })
        .execute();
    });

    await startAndStop(world);

    expect(await withDatabase(world, demoWorld)).toEqual(COMPLETE);
  });

  it('seeds all or nothing: a failure part-way leaves no users, and the next start seeds everything', async () => {
    // A bridging day the demo data also enters: its insert fails after the users and garages went in.
    await withDatabase(world, (db) =>
      db.insertInto('additionalDays').values({ day: '2026-01-02', typeOfDay: 'WORK' }).execute(),
    );
    await expect(startServer(world)).rejects.toThrow(/additional_days|duplicate key/);
    const afterCrash = await withDatabase(world, demoWorld);
    expect({ users: afterCrash.users, garages: afterCrash.garages }).toEqual({ users: 0, garages: 0 });

    await withDatabase(world, (db) => db.deleteFrom('additionalDays').execute());
    await startAndStop(world);

    expect(await withDatabase(world, demoWorld)).toEqual(COMPLETE);
  });

  it('never adds the demo world next to real users', async () => {
    await withDatabase(world, (db) =>
      db.insertInto('users').values({ email: 'real.person@parkhere.example', name: 'Real Person' }).execute(),
    );
    await startAndStop(world);

    const after = await withDatabase(world, demoWorld);
    expect({ users: after.users, garages: after.garages }).toEqual({ users: 1, garages: 0 });
  });
});
