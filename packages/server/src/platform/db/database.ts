import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CONNECTION_MAX_USES, preparingPool } from './prepared-statements.ts';
import type { DB } from './schema.ts';
import { type Listen, listenOnPglite, listenOnPostgres, type StopListening } from './signals.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** The connection pool, for its use in the metrics. */
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /**
   * PGlite only: its data directory as one tar, consistent while the server runs (see `snapshotOf`);
   * PostgreSQL is backed up with its own tools.
   */
  snapshot?: () => Promise<Blob>;
  /** Hears a channel's NOTIFY signals, every instance's; listening stops when the database closes. */
  listen: Listen;
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

/** The database over `pool`; closing stops its listening, then the pool, then `closeEngine`. */
const databaseOver = (
  kind: DatabaseKind,
  pool: pg.Pool,
  listen: Listen,
  closeEngine: () => Promise<void> = async () => {},
): Database => {
  const db = kyselyOver(pool);
  const stops: StopListening[] = [];
  return {
    db,
    kind,
    pool,
    listen: async (channel, onSignal) => {
      const stop = await listen(channel, onSignal);
      stops.push(stop);
      return stop;
    },
    close: async () => {
      await Promise.all(stops.splice(0).map((stop) => stop()));
      await db.destroy();
      await closeEngine();
    },
  };
};

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

/*
 * PGlite 0.5 is not durable as shipped (electric-sql/pglite#1107): it starts PostgreSQL with `-F` (fsync=off),
 * and even with fsync on, its Node filesystem (Emscripten's NODEFS) has no fsync operation and fdatasync is a
 * no-op, so a commit only reaches the OS page cache and a power cut can lose an acknowledged reservation.
 * So: PostgreSQL's default start parameters without `-F`, WAL flushed with fsync() (the one call that reaches
 * the filesystem's fsync operation), and NODEFS given that operation, calling the host's fdatasync as a native
 * PostgreSQL on Linux does for its WAL (fsync for a directory).
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

type NodeFsStream = { nfd?: number; node: unknown };
type NodeFsOps = {
  stream_ops: { fsync?: (stream: NodeFsStream) => number };
  realPath: (node: unknown) => string;
  tryFSOperation: <T>(operation: () => T) => T;
};

type PostgresMod = Parameters<NodeFS['init']>[1];

/** NodeFS whose files (and directories: PostgreSQL syncs them after a rename) really reach the disk. */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: PostgresMod): Promise<{ emscriptenOpts: PostgresMod }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const addFsync = (mod: { NODEFS: unknown }) => {
      // Emscripten types NODEFS as a bare file-system type; these are the members it has at run time.
      const nodefs = mod.NODEFS as unknown as NodeFsOps;
      nodefs.stream_ops.fsync = (stream) =>
        nodefs.tryFSOperation(() => {
          if (stream.nfd !== undefined) {
            fs.fdatasyncSync(stream.nfd);
            return 0;
          }
          const fd = fs.openSync(nodefs.realPath(stream.node), 'r');
          try {
            fs.fsyncSync(fd);
          } finally {
            fs.closeSync(fd);
          }
          return 0;
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/**
 * Flushes every file and directory under `dir` to the disk, as `initdb --sync-only` does: what PGlite's initdb
 * copied in, or a run with fsync off (every database before this change) wrote, may still sit in the page
 * cache, and PostgreSQL syncs the data directory only when it recovers from a crash.
 */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      syncTree(full);
    } else if (entry.isFile()) {
      syncPath(full);
    }
  }
  syncPath(dir);
}

function syncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Marks a data directory whose every file was flushed once; from then on PostgreSQL's fsync keeps it so. */
export const SYNCED_MARKER = 'parkhere.synced';

/**
 * The embedded engine on `pgdata`, durable: a commit is on the disk before it is acknowledged. `loadDataDir`: a
 * snapshot's tar to fill an empty `pgdata` with first (a restore).
 */
export async function openPglite(pgdata: string, loadDataDir?: Blob): Promise<PGlite> {
  const pglite = new PGlite({
    fs: new DurableNodeFS(pgdata),
    extensions: { btree_gist, pg_trgm },
    startParams: DURABLE_START_PARAMS,
    loadDataDir,
  });
  await pglite.waitReady;
  const marker = path.join(pgdata, SYNCED_MARKER);
  if (!fs.existsSync(marker)) {
    // About a second for ~1,000 files, so once per data directory, not at every start.
    syncTree(pgdata);
    fs.writeFileSync(marker, 'every file of this directory was flushed to the disk once\n');
    syncPath(marker);
    syncPath(pgdata);
  }
  return pglite;
}

/**
 * PGlite's data directory as a tar, taken while nothing else runs on it: PGlite serves one connection, so
 * holding the pool's one client means no transaction of the server's is open; a CHECKPOINT first writes every
 * committed page into the data files, so the copy starts without replaying the WAL.
 */
const snapshotOf = (pglite: PGlite, pool: pg.Pool) => async (): Promise<Blob> => {
  const client = await pool.connect();
  try {
    await client.query('CHECKPOINT');
    return await pglite.dumpDataDir('none');
  } finally {
    client.release();
  }
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
    // JIT compiles a statement whose estimated cost passes jit_above_cost, and our many-subplan statements are
    // estimated far above their real cost: /api/availability spent 2.2 s compiling for 60 ms of execution
    // (EXPLAIN ANALYZE on bench:api's data). Short statements never repay compiling, so every connection turns it
    // off; a client's query waits behind this one on the same connection. A server without JIT refuses nothing.
    pool.on('connect', (client) => {
      client.query('SET jit = off').catch(() => {});
    });
    return databaseOver('postgres', pool, listenOnPostgres(options.databaseUrl));
  }
  const pglite = await openPglite(path.join(options.dataDir, 'pgdata'));
  yieldBetweenMessages(pglite);
  // Not recycled: PGlite is one session, which keeps what it prepared whatever client the pool puts on it.
  const pool = new pg.Pool(createPgConfig(pglite));
  return {
    ...databaseOver('pglite', pool, listenOnPglite(pglite), () => pglite.close()),
    snapshot: snapshotOf(pglite, pool),
  };
}
