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

/**
 * Applies the pending migrations in order, all in one transaction under an advisory lock, so
 * instances starting together on one PostgreSQL apply each migration exactly once.
 * Returns the versions it applied.
 */
export async function migrate(db: Kysely<DB>, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const applied = new Set(
      (await trx.selectFrom('schemaMigrations').select('version').execute()).map((row) => row.version),
    );
    const done: string[] = [];
    for (const migration of all) {
      if (applied.has(migration.version)) {
        continue;
      }
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
