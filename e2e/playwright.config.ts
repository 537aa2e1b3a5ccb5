import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  instantOf,
  isWorkingDay,
  parseIsoInstant,
  TEST_CLOCK_FORMAT,
  wallClockAt,
} from '@parkhere/contract';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;

/** 08:00 in Budapest on the last working day before today: before noon, with the whole day still ahead. */
function lastWorkingMorning(): Date {
  let day = addDays(wallClockAt(new Date(), DEFAULT_TIME_ZONE).date, -1);
  while (!isWorkingDay(day)) {
    day = addDays(day, -1);
  }
  return instantOf(day, '08:00:00', DEFAULT_TIME_ZONE);
}

/**
 * A clock variable as every side reads it (a full ISO instant in UTC): its value as given, seconds optional
 * (`E2E_CLOCK=2026-12-01T08:00Z`), else `otherwise`. A value that is no instant stops the run here, saying how to
 * write one, rather than as a server that does not start or a page on another day.
 */
function pinnedInstant(name: string, otherwise: () => Date): string {
  const given = process.env[name];
  if (given === undefined || given === '') {
    return otherwise().toISOString();
  }
  const instant = parseIsoInstant(given.trim());
  if (instant === undefined) {
    throw new Error(`${name}=${given} is not ${TEST_CLOCK_FORMAT.replace(/, optionally @.*$/, '')}`);
  }
  return instant.toISOString();
}

/*
 * One clock for the server and every browser page (fixtures.ts installs it): the app's time is E2E_CLOCK at
 * the real moment E2E_CLOCK_SINCE and runs on from there, so "today" and "now" agree on both sides at any
 * real hour. In the past of the real time, so the embedded provider's real-time tokens stay valid. Kept in
 * the environment: the workers load this file again and must see the runner's values (E2E_CLOCK may also be
 * set from outside to replay a particular day).
 */
process.env.E2E_CLOCK = pinnedInstant('E2E_CLOCK', lastWorkingMorning);
process.env.E2E_CLOCK_SINCE = pinnedInstant('E2E_CLOCK_SINCE', () => new Date());
// The server's DATA_DIR, where it captures its mail: the specs that follow a mail's link read it there.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parkhere-e2e-'));

/*
 * Specs that run one at a time after all the others in the whole run (scripts/test.mjs sets E2E_WHOLE_RUN). Run
 * alone (`playwright test e2e/push.spec.ts`), they need no other project first.
 * - Every request records its user's language (the one their mails and notifications speak), and the specs share
 *   the few demo users in both languages. push.spec and release-link.spec assert what a user's stored language
 *   says: a spec of the other language beside them changed it mid-test (each failed so on a clean-clone CI).
 * - new-version.spec serves the next build's worker from the shared server while it runs: a page of another spec
 *   beside it could find that version and be offered it.
 */
const ALONE = ['push.spec.ts', 'release-link.spec.ts', 'new-version.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  projects: [
    { name: 'app', testIgnore: ALONE },
    {
      name: 'alone',
      testMatch: ALONE,
      workers: 1,
      dependencies: process.env.E2E_WHOLE_RUN === 'true' ? ['app'] : [],
    },
  ],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test's whole budget, not a check's (each expect waits 20 s): at load 28 on two cores a two-sign-in test took
  // 47 s and failed on the old 45 s, many others took 35–60 s.
  timeout: 90_000,
  // A check's wait covers a whole sign-in round trip or reload of the heaviest page: the profile page (two data
  // grids, the time pickers, the slot picker) after a sign-in showed in 10–15 s at load 20 here, and 4 of its
  // checks failed on the clean-clone CI at 10 s while every other step passed.
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    locale: 'en-US',
    // Off: recording a trace (a DOM snapshot at every step, a screencast) cost a third of each test's time here, and
    // the CI keeps no files. `--trace retain-on-failure` records them when a failure is being looked into.
    trace: 'off',
    // Every test's fresh context would install the service worker and precache the whole build beside the test
    // (about 200 files and the fonts on two shared cores); the specs of the offline and installable app allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The README's start path on a fresh data directory with the demo data.
    command: 'node scripts/start.mjs',
    cwd: join(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      ALLOW_TEST_CLOCK: 'true',
      TEST_CLOCK: `${process.env.E2E_CLOCK}@${process.env.E2E_CLOCK_SINCE}`,
      // push.spec.ts's stand-in push service listens on loopback.
      ALLOW_TEST_PUSH_ENDPOINTS: 'true',
    },
  },
});
