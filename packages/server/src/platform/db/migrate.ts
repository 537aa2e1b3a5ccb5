import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;
// Any constant works; it only has to be the same for every ParkHere instance (audit.ts takes it too).
export const MIGRATION_LOCK_KEY = 7_263_110_042;

export type Migration = { version: string; name: string; sql: string };

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (match?.[1] === undefined || match[2] === undefined) {
      throw new Error(`Migration file name ${file} does not match NNNN_name.sql`);
    }
    // Two branches that each took the next number would otherwise fail every start on schema_migrations' key.
    const twin = migrations.find((migration) => migration.version === match[1]);
    if (twin !== undefined) {
      throw new Error(`Migrations ${twin.version}_${twin.name}.sql and ${file} share the number ${match[1]}`);
    }
    migrations.push({ version: match[1], name: match[2], sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return migrations;
}

/** How long a migration waits for a table another transaction holds before it lets go and tries again. */
const MIGRATION_LOCK_TIMEOUT = '500ms';
/** Tries of a migration that let go of its locks (lock timeout or deadlock), about three minutes in all. */
const MIGRATION_TRIES = 100;
const LOCK_GIVEN_UP = new Set(['55P03', '40P01']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies the pending migrations in order, all in one transaction under an advisory lock, so
 * instances starting together on one PostgreSQL apply each migration exactly once.
 * Returns the versions it applied.
 *
 * During a rolling upgrade the previous release keeps writing while the migrations run: a migration that
 * takes one table while an old instance's transaction holds another and waits for the first would deadlock,
 * and PostgreSQL might abort the old instance's request. So pending migrations first take every table at once,
 * waiting at most MIGRATION_LOCK_TIMEOUT (under the 1 s deadlock_timeout, so in any wait cycle the migrations
 * give up first), then roll back and try again shortly after: the serving instances wait a moment, never fail.
 */
export async function migrate(db: Kysely<DB>, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db, all);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= MIGRATION_TRIES || typeof code !== 'string' || !LOCK_GIVEN_UP.has(code)) {
        throw error;
      }
      await sleep(Math.min(100 * attempt, 2000) * (0.5 + Math.random()));
    }
  }
}

async function migrateOnce(db: Kysely<DB>, all: Migration[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    // After the advisory lock: a second instance waits for the first one's migrations as long as they take.
    await sql.raw(`SET LOCAL lock_timeout = '${MIGRATION_LOCK_TIMEOUT}'`).execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const applied = new Set(
      (await trx.selectFrom('schemaMigrations').select('version').execute()).map((row) => row.version),
    );
    const pending = all.filter((migration) => !applied.has(migration.version));
    if (pending.length > 0) {
      await lockEveryTable(trx);
    }
    const done: string[] = [];
    for (const migration of pending) {
      await sql.raw(migration.sql).execute(trx);
      await trx
        .insertInto('schemaMigrations')
        .values({ version: migration.version, name: migration.name })
        .execute();
      done.push(migration.version);
    }
    return done;
  });
}

/** Every table of the schema, in one statement (in name order): what a migration may alter it holds already. */
async function lockEveryTable(trx: Kysely<DB>): Promise<void> {
  const tables = await sql<{ name: string }>`SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = current_schema() ORDER BY tablename`.execute(trx);
  if (tables.rows.length > 0) {
    await sql
      .raw(`LOCK TABLE ${tables.rows.map((table) => table.name).join(', ')} IN ACCESS EXCLUSIVE MODE`)
      .execute(trx);
  }
}
