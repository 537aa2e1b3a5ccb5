import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { mintToken } from '../packages/server/test/tokens.ts';
import { startTempPostgres } from '../scripts/pg-temp.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerProcess = {
  config: ReturnType<typeof loadConfig>;
  pid: number | undefined;
  base: string;
  stop: () => Promise<void>;
};

/**
 * The environment of a benchmarked server: a fresh DATA_DIR and a stub web build under .tmp/<name>, BENCH_PORT
 * (else a random port), no demo data, PGlite unless `databaseUrl` is given.
 */
export function benchServerEnv(name: string, databaseUrl?: string): Record<string, string> {
  const work = path.join(root, '.tmp', name);
  rmSync(work, { recursive: true, force: true });
  const webDist = path.join(work, 'web');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!DOCTYPE html><title>bench</title>');
  const port = process.env.BENCH_PORT ?? String(8400 + Math.floor(Math.random() * 600));
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST: webDist,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
  };
}

/**
 * The server as it is deployed, in a process of its own (`packages/server/src/main.ts`) on `databaseUrl`, so that
 * the load generator does not share its event loop.
 */
export async function startServerProcess(
  name: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = benchServerEnv(name, databaseUrl),
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`, to profile the server under load.
    [
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(root, 'packages/server/src/main.ts'),
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = env.PUBLIC_URL as string;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) {
      break;
    }
    if (attempt > 600) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    config: loadConfig(env),
    pid: child.pid,
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type PostgresBenchServer = {
  server: ServerProcess;
  databaseUrl: string;
  /** An administrator's bearer token for the server, valid for `seconds`. */
  adminToken: (seconds?: number) => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * A PostgreSQL benchmark's server: on DATABASE_URL, else a throwaway cluster; in a process of its own on
 * BENCH_PORT (else a random port), with `env` added; and a connection of the benchmark's own to mint tokens.
 */
export async function startPostgresBenchServer(
  name: string,
  env: Record<string, string> = {},
): Promise<PostgresBenchServer> {
  const temp = process.env.DATABASE_URL === undefined ? await startTempPostgres() : null;
  const databaseUrl = process.env.DATABASE_URL ?? temp?.url ?? '';
  const port = process.env.BENCH_PORT;
  const server = await startServerProcess(name, databaseUrl, {
    ...benchServerEnv(name, databaseUrl),
    ...env,
    ...(port === undefined ? {} : { PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` }),
  });
  const database = await openDatabase({ databaseUrl, dataDir: server.config.dataDir });
  return {
    server,
    databaseUrl,
    adminToken: (seconds = 3600) =>
      mintToken(
        { config: server.config, app: { database: { db: database.db } } },
        { login: 'admin', expiresIn: seconds },
      ),
    stop: async () => {
      await database.close();
      await server.stop();
      await temp?.stop();
    },
  };
}
