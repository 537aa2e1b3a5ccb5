import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.ts';
import { signInWithCode } from './oidc-flow.ts';
import { bearer } from './tokens.ts';
import { createStorage, freePort, type WorldStorage, worldEnv } from './world.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Outcome = { plate: string; afterSignal: boolean; result: 'ok' | 'refused' | number };

type Started = {
  server: ChildProcess;
  url: string;
  env: Record<string, string>;
  exited: Promise<number | null>;
  output: () => string;
};

/** The server as deployed: its own process, started the way scripts/start.mjs starts it. */
async function startProcess(
  world: WorldStorage,
  { waitForHealth = true, settings = {} as Record<string, string> } = {},
): Promise<Started> {
  const port = await freePort();
  // An empty DATABASE_URL keeps a PGlite world on PGlite whatever the test run's environment says.
  const env: Record<string, string> = {
    ...worldEnv(world, port),
    DATABASE_URL: world.databaseUrl ?? '',
    ...settings,
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (waitForHealth) {
    await expect
      .poll(async () => (await fetch(`${url}/api/health`).catch(() => undefined))?.status, {
        timeout: 60_000,
      })
      .toBe(200);
  }
  return { server, url, env, exited, output: () => output };
}

/** The licence plates of the cars this test created, as stored. */
async function storedPlates(world: WorldStorage): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: world.databaseUrl, dataDir: world.dataDir });
  try {
    const rows = await database.db
      .selectFrom('cars')
      .select('licensePlate')
      .where('manufacturer', '=', 'Shutdown')
      .execute();
    return rows.map((row) => row.licensePlate).sort();
  } finally {
    await database.close();
  }
}

/** A server process starts in seconds, but a fresh PGlite directory on a busy machine takes tens of them. */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM', () => {
  let world: WorldStorage;
  let child: ChildProcess | undefined;

  /** The server in a process of its own, with a user's access token from its embedded provider. */
  const startSignedIn = async () => {
    const started = await startProcess(world);
    child = started.server;
    return { ...started, token: (await signInWithCode(started.url, 'user')).tokens.access_token };
  };

  beforeEach(async () => {
    world = await createStorage();
  });

  afterEach(async () => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
    }
    await world.dispose();
  });

  it(
    'finishes the writes under way, refuses the rest, loses no acknowledged write and exits 0',
    async () => {
      const { server, url, exited, output, token } = await startSignedIn();
      let signalled = false;
      let acknowledged = 0;
      const outcomes: Outcome[] = [];
      const createCars = async (client: number) => {
        let refusals = 0;
        for (let index = 0; refusals < 3; index++) {
          const plate = `SIG-${client}-${index}`;
          const afterSignal = signalled;
          try {
            const response = await fetch(`${url}/api/services/ProfileSettings/createCar`, {
              method: 'POST',
              headers: { ...bearer(token), 'content-type': 'application/json' },
              body: JSON.stringify({ licensePlate: plate, manufacturer: 'Shutdown' }),
            });
            await response.arrayBuffer();
            const ok = response.status >= 200 && response.status < 300;
            outcomes.push({ plate, afterSignal, result: ok ? 'ok' : response.status });
            if (ok) {
              acknowledged++;
            } else {
              refusals++;
            }
          } catch {
            outcomes.push({ plate, afterSignal, result: 'refused' });
            refusals++;
          }
          if (!signalled && acknowledged >= 40) {
            signalled = true;
            server.kill('SIGTERM');
          }
        }
      };
      await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(createCars));

      expect(await exited, output()).toBe(0);
      const stored = await storedPlates(world);
      const answered = outcomes
        .filter((outcome) => outcome.result === 'ok')
        .map((outcome) => outcome.plate)
        .sort();
      // Every acknowledged write is there, and nothing was written without an answer.
      expect(stored).toEqual(answered);
      expect(answered.length).toBeGreaterThanOrEqual(40);
      // After the signal a request is refused (503 on a kept-alive connection, or no connection), never a 500.
      const failures = outcomes.filter((outcome) => outcome.result !== 'ok');
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.every((outcome) => outcome.result === 'refused' || outcome.result === 503)).toBe(true);
      expect(output()).toContain('shutting down');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'answers a request that was under way, then closes its kept-alive connection and exits at once',
    async () => {
      const { server, url, exited, output, token } = await startSignedIn();
      // A client that keeps its connections open, as browsers and proxies do.
      const agent = new http.Agent({ keepAlive: true });
      try {
        const body = JSON.stringify({ licensePlate: 'INFLIGHT-1', manufacturer: 'Shutdown' });
        const request = http.request(`${url}/api/services/ProfileSettings/createCar`, {
          method: 'POST',
          agent,
          headers: {
            ...bearer(token),
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
        });
        const answer = new Promise<{ status: number | undefined; text: string }>((resolve, reject) => {
          request.once('error', reject);
          request.once('response', (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => {
              text += chunk.toString('utf8');
            });
            response.once('end', () => resolve({ status: response.statusCode, text }));
          });
        });
        // The request is under way (its headers are in) when the signal comes; its body follows.
        request.write(body.slice(0, 10));
        await sleep(500);
        server.kill('SIGTERM');
        const signalledAt = Date.now();
        await sleep(500);
        request.end(body.slice(10));
        const { status, text } = await answer;
        expect(status, text).toBe(200);

        const code = await Promise.race([exited, sleep(15_000).then(() => 'still running')]);
        expect(code, output()).toBe(0);
        expect(Date.now() - signalledAt).toBeLessThan(15_000);
      } finally {
        agent.destroy();
      }
      expect(await storedPlates(world)).toEqual(['INFLIGHT-1']);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'says not ready at once and serves on for SHUTDOWN_DRAIN_SECONDS, and live answers 200 to the end',
    async () => {
      const { server, url, exited, output } = await startProcess(world, {
        settings: { SHUTDOWN_DRAIN_SECONDS: '3' },
      });
      child = server;
      const statusOf = async (path: string): Promise<number | 'refused'> => {
        try {
          const answer = await fetch(`${url}${path}`);
          await answer.arrayBuffer();
          return answer.status;
        } catch {
          return 'refused';
        }
      };
      expect(await statusOf('/api/health/ready')).toBe(200);
      let running = true;
      void exited.then(() => {
        running = false;
      });
      server.kill('SIGTERM');
      const signalledAt = Date.now();
      const seen: {
        after: number;
        ready: number | 'refused';
        live: number | 'refused';
        health: number | 'refused';
      }[] = [];
      while (running) {
        const [ready, live, health] = await Promise.all(
          ['/api/health/ready', '/api/health/live', '/api/health'].map(statusOf),
        );
        seen.push({ after: Date.now() - signalledAt, ready, live, health } as (typeof seen)[number]);
        await sleep(100);
      }
      expect(await exited, output()).toBe(0);
      const readiness = seen.map((entry) => entry.ready);
      const notReadyFrom = readiness.indexOf(503);
      expect(notReadyFrom, JSON.stringify(seen)).toBeGreaterThanOrEqual(0);
      // Once not ready, never ready again; the probe answers until the server stops listening.
      expect(readiness.slice(notReadyFrom).every((status) => status === 503 || status === 'refused')).toBe(
        true,
      );
      // Live is never refused with a 503: 200 while anything answers.
      expect(
        seen.every((entry) => entry.live === 200 || entry.live === 'refused'),
        JSON.stringify(seen),
      ).toBe(true);
      // While draining, the rest is served as before: a load balancer that still sends traffic loses none.
      expect(seen.some((entry) => entry.ready === 503 && entry.health === 200 && entry.live === 200)).toBe(
        true,
      );
      // Nothing is refused before the drain is over.
      const firstRefused = seen.find((entry) => [entry.ready, entry.live, entry.health].includes('refused'));
      expect(firstRefused?.after ?? Number.POSITIVE_INFINITY, JSON.stringify(seen)).toBeGreaterThanOrEqual(
        3000,
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'lets start-up finish its database work when the signal comes early, then exits 0',
    async () => {
      // An empty database: migrations and the demo seeding run at start.
      if (world.databaseUrl === undefined) {
        rmSync(path.join(world.dataDir, 'pgdata'), { recursive: true, force: true });
      }
      const { server, exited, output } = await startProcess(world, { waitForHealth: false });
      child = server;
      // The DATA_DIR lock is the first thing the server takes before it opens the database.
      await expect
        .poll(() => existsSync(path.join(world.dataDir, 'parkhere.lock')), { timeout: 30_000 })
        .toBe(true);
      server.kill('SIGTERM');
      expect(await exited, output()).toBe(0);
      expect(output()).toContain('shutting down');
      const database = await openDatabase({ databaseUrl: world.databaseUrl, dataDir: world.dataDir });
      try {
        const garages = await database.db.selectFrom('parkingGarages').select('name').execute();
        expect(garages.map((garage) => garage.name).sort()).toEqual(['HQ Garage', 'Riverside Garage']);
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
