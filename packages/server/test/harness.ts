import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { seedDemoData } from '../src/demo/demo-data.ts';
import type { JobsOptions } from '../src/jobs.ts';
import type { Clock } from '../src/platform/calendar.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { type Database, openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import type { SignInThrottle } from '../src/platform/idp/sign-in-throttle.ts';

export type TestServer = {
  url: string;
  app: FastifyInstance;
  config: Config;
  /** Every JSON log line the server wrote. */
  logs: string[];
  /** Stops the server; the data stays for a restart. */
  stop: () => Promise<void>;
  /** Stops the server and deletes its data. */
  close: () => Promise<void>;
};

export type TestWorld = {
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  /** Drops the world's database and files. */
  dispose: () => Promise<void>;
};

export type StartOptions = {
  env?: Record<string, string>;
  /** Listen on this port (a restart keeps the issuer); a free one otherwise. */
  port?: number;
  apiPlugins?: FastifyPluginAsync[];
  /** The app's clock (tests move it by hand) and job worker options, as buildApp takes them. */
  clock?: Clock;
  jobs?: JobsOptions;
  /** The embedded provider's sign-in throttle, with the test's limits and clock. */
  signInThrottle?: SignInThrottle;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A tiny built web app: enough to check serving, caching and the SPA fallback. */
function writeWebDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'i18n'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!DOCTYPE html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'i18n/system_en-US.json'), '{"hello":"Hello"}\n');
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh DATA_DIR copied from the run's template, and, when DATABASE_URL is set, a fresh
 * PostgreSQL database for this world alone.
 */
export async function createWorld(): Promise<TestWorld> {
  const root = mkdtempSync(path.join(tmpdir(), 'parkhere-test-'));
  const dataDir = path.join(root, 'data');
  cpSync(inject('templateDataDir'), dataDir, { recursive: true });
  const webDist = path.join(root, 'web');
  writeWebDist(webDist);
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  if (adminUrl !== undefined && adminUrl !== '') {
    databaseName = `parkhere_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    webDist,
    dispose: async () => {
      if (adminUrl !== undefined && databaseName !== undefined) {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The environment of a server on the world, listening on loopback at `port`. */
export function worldEnv(world: TestWorld, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: world.dataDir,
    WEB_DIST: world.webDist,
    LOG_LEVEL: 'info',
    ...(world.databaseUrl === undefined ? {} : { DATABASE_URL: world.databaseUrl }),
  };
}

/** The world's database, migrated (and with the demo data when asked), for tests that need no server. */
export async function openWorldDatabase(world: TestWorld, { demoData = false } = {}): Promise<Database> {
  const database = await openDatabase({ databaseUrl: world.databaseUrl, dataDir: world.dataDir });
  await migrate(database.db);
  if (demoData) {
    await seedDemoData(database.db);
  }
  return database;
}

/** Builds the app in-process on the world and listens on a free port for real HTTP. */
export async function startServer(world: TestWorld, options: StartOptions = {}): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const config = loadConfig({ ...worldEnv(world, port), ...options.env });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp(config, {
    logStream,
    apiPlugins: options.apiPlugins ?? [],
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
    ...(options.signInThrottle === undefined ? {} : { signInThrottle: options.signInThrottle }),
  });
  await app.listen({ port, host: '127.0.0.1' });
  let stopped = false;
  const stop = async () => {
    if (!stopped) {
      stopped = true;
      await app.close();
    }
  };
  return {
    url: config.publicUrl,
    app,
    config,
    logs,
    stop,
    close: async () => {
      await stop();
      await world.dispose();
    },
  };
}
