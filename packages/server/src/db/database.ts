import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CONNECTION_MAX_USES, preparingPool } from './prepared-statements.ts';
import type { DB } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close: () => Promise<void>;
};

export type DatabaseOptions = { databaseUrl: string | undefined; dataDir: string };

/**
 * One code path for both engines: Kysely over a pg.Pool, which talks to PGlite through its
 * node-postgres shim, each connection preparing the statements it runs (`preparingPool`). PGlite serves one
 * connection, so on PGlite never run a query outside a transaction while that transaction is open (it would
 * wait for the pool forever).
 */
// jsonb values (e.g. oidc-provider payloads) keep their keys as stored.
const camelCase = () => new CamelCasePlugin({ maintainNestedObjectKeys: true });

const kyselyOver = (pool: pg.Pool) =>
  new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), plugins: [camelCase()] });

/**
 * PGlite runs each protocol message synchronously on the event loop, and the messages queued behind it would
 * follow one another in the same turn: without a turn in between, requests that need no database (health, a
 * token check) would wait for every queued statement. One `setImmediate` per message lets them through.
 */
const yieldBetweenMessages = (pglite: PGlite): void => {
  const run = pglite.execProtocolStream.bind(pglite);
  pglite.execProtocolStream = async (...args: Parameters<PGlite['execProtocolStream']>) => {
    await new Promise((resolve) => setImmediate(resolve));
    return run(...args);
  };
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      maxUses: CONNECTION_MAX_USES,
    });
    // An idle client the server drops (restart, failover, a test database dropped WITH (FORCE)) is an
    // 'error' event on the pool; unhandled it would end the process. The pool discards that client and the
    // next query connects anew, so there is nothing else to do.
    pool.on('error', () => {});
    const db = kyselyOver(pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = new PGlite(path.join(options.dataDir, 'pgdata'), { extensions: { btree_gist, pg_trgm } });
  await pglite.waitReady;
  yieldBetweenMessages(pglite);
  // Not recycled: PGlite is one session, which keeps what it prepared whatever client the pool puts on it.
  const db = kyselyOver(new pg.Pool(createPgConfig(pglite)));
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
