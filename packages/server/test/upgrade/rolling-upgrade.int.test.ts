import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempPostgres } from '../../../../scripts/pg-temp.mjs';
import { type Balancer, startBalancer } from '../balancer.ts';
import { requestsAs } from '../client.ts';
import { signInWithCode } from '../oidc-flow.ts';
import { partiesOf } from '../reservations/forms.ts';
import { bearer } from '../tokens.ts';
import { freePort } from '../world.ts';
import { installedPreviousRelease, previousReleaseCommit, repoRoot } from './previous-release.ts';

/*
 * Issue 30 item 5, README "Production": a rolling upgrade under load. Two instances of the previous release
 * (ops/previous-release) serve one PostgreSQL behind a round-robin balancer while clients keep booking; each is
 * replaced in turn by the current code, as an operator or an orchestrator does it: taken out of the balancer,
 * SIGTERM, wait for its exit, start the new one (its migrations run now, beside the old one still serving), back
 * into the balancer once ready. No request may fail, every booking answered 200 must be in the database, and
 * the new release's migrations may only expand the schema the previous release uses.
 */

type Instance = { name: string; url: string; process: ChildProcess; exited: Promise<number | null> };

const CLIENTS = 3;
/** Between one client's bookings: a steady load, not a benchmark on a shared machine. */
const PACE_MS = 25;
/** Bookings each instance serves before the next step, so every phase of the upgrade is under load. */
const BOOKINGS_PER_PHASE = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let work: string;
let stopPostgres: (() => void) | undefined;
let databaseUrl: string;
let balancer: Balancer;
const started: Instance[] = [];

/** A fresh database: in DATABASE_URL's server when the run has one, else a throwaway cluster of our own. */
async function freshDatabase(): Promise<string> {
  let adminUrl = process.env.DATABASE_URL;
  if (adminUrl === undefined || adminUrl === '') {
    const cluster = await startTempPostgres();
    stopPostgres = cluster.stop;
    adminUrl = cluster.url;
  }
  const name = `parkhere_upgrade_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server of the release checked out at `root`, as deployed: a process of its own, behind the balancer. */
async function startInstance(name: string, root: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = path.join(work, name);
  mkdirSync(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'packages/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: balancer.url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(work, 'web'),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const instance = { name, url: `http://127.0.0.1:${port}`, process: child, exited };
  started.push(instance);
  await expect
    .poll(
      async () => {
        expect(child.exitCode, `${name} exited: ${errors}`).toBeNull();
        return (await fetch(`${instance.url}/api/health/ready`).catch(() => undefined))?.status;
      },
      { timeout: 120_000, interval: 250 },
    )
    .toBe(200);
  return instance;
}

/** Out of the balancer, SIGTERM, and its exit: 0 for a shutdown that finished what it had. */
async function retire(instance: Instance): Promise<number | null> {
  await balancer.drain(instance.url);
  instance.process.kill('SIGTERM');
  return instance.exited;
}

/** Every column of every table and view, with its type: what a release may read and write. */
async function schemaColumns(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ column: string }>(
      `SELECT table_name || '.' || column_name || ' ' || data_type AS column FROM information_schema.columns
        WHERE table_schema = current_schema() ORDER BY 1`,
    );
    return rows.map((row) => row.column);
  } finally {
    await client.end();
  }
}

/** Resolves once `instance` has answered `count` more requests through the balancer. */
async function serves(instance: Instance, count = BOOKINGS_PER_PHASE): Promise<void> {
  const from = balancer.served.get(instance.url) ?? 0;
  await expect
    .poll(() => (balancer.served.get(instance.url) ?? 0) - from, { timeout: 60_000, interval: 100 })
    .toBeGreaterThanOrEqual(count);
}

describe('a rolling upgrade from the previous release', () => {
  let previous: string;

  beforeAll(async () => {
    previous = installedPreviousRelease(previousReleaseCommit());
    work = mkdtempSync(path.join(tmpdir(), 'parkhere-upgrade-'));
    mkdirSync(path.join(work, 'web'));
    writeFileSync(path.join(work, 'web/index.html'), '<!DOCTYPE html><title>upgrade</title>');
    databaseUrl = await freshDatabase();
    balancer = await startBalancer();
  }, 600_000);

  afterAll(async () => {
    for (const instance of started) {
      instance.process.kill('SIGKILL');
    }
    await balancer?.close();
    stopPostgres?.();
    rmSync(work, { recursive: true, force: true });
  });

  it('replaces both instances one at a time under a steady booking load, and no request fails', async () => {
    // The first instance migrates and seeds the demo data; the second finds them done.
    const old1 = await startInstance('old-1', previous);
    balancer.add(old1.url);
    const old2 = await startInstance('old-2', previous);
    balancer.add(old2.url);

    const { access_token: token } = (await signInWithCode(balancer.url, 'admin')).tokens;
    // The booking's parties as the previous release signed them; the new one must take them as they are.
    const parties = await partiesOf(requestsAs(balancer.url, token), 'A-101', 'user@parkhere.example');
    const accepted: string[] = [];
    const failed: string[] = [];
    let next = 0;
    let loading = true;
    // Administrators' bookings of one slot, each on a day of its own, far beyond anything seeded.
    const book = async () => {
      while (loading) {
        const date = new Date(Date.UTC(2031, 0, 1) + next++ * 86_400_000).toISOString().slice(0, 10);
        const answer = await fetch(`${balancer.url}/api/services/ReservationsPanel/reservation`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({
            reservationType: 'NORMAL',
            date,
            startTime: '09:00:00',
            endTime: '10:00:00',
            sendNotification: false,
            ...parties,
          }),
        }).catch((error: unknown) => new Response(String(error), { status: 599 }));
        const text = await answer.text();
        (answer.status === 200 ? accepted : failed).push(`${date} ${answer.status} ${text.slice(0, 200)}`);
        await sleep(PACE_MS);
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, book));

    await Promise.all([serves(old1), serves(old2)]);
    const previousSchema = await schemaColumns();
    expect(await retire(old1)).toBe(0);
    const new1 = await startInstance('new-1', repoRoot);
    balancer.add(new1.url);
    await Promise.all([serves(new1), serves(old2)]);
    expect(await retire(old2)).toBe(0);
    const new2 = await startInstance('new-2', repoRoot);
    balancer.add(new2.url);
    await Promise.all([serves(new1), serves(new2)]);
    loading = false;
    await load;

    expect(failed).toEqual([]);
    // Expand, then contract: the new release's migrations kept every table and column the previous one had,
    // of the same type (README, Production).
    expect(await schemaColumns()).toEqual(expect.arrayContaining(previousSchema));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const stored = await client.query<{ date: string }>(
        `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM reservations
          WHERE date >= '2031-01-01' AND reservation_status = 'ACTIVE' ORDER BY date`,
      );
      const acceptedDates = accepted.map((line) => line.slice(0, 10)).sort();
      expect(stored.rows.map((row) => row.date)).toEqual(acceptedDates);
      expect(acceptedDates.length).toBeGreaterThanOrEqual(BOOKINGS_PER_PHASE * 6);
    } finally {
      await client.end();
    }
  }, 600_000);
});
