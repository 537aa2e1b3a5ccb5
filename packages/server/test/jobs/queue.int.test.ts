import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JobPayloads } from '../../src/jobs.ts';
import { confirmationJob } from '../../src/modules/notifications/notifications.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import type { Executor } from '../../src/platform/db/executor.ts';
import type { JobHandlers } from '../../src/platform/jobs/job-types.ts';
import { claimDueJobs, enqueue, purgeFinishedJobs, retryDelayMs } from '../../src/platform/jobs/queue.ts';
import { DEFAULT_WORKER_OPTIONS, startWorker, type Worker } from '../../src/platform/jobs/worker.ts';
import {
  createStorage,
  movableClock,
  seedReservation,
  startServer,
  usersWorkingDay,
  worldOfFile,
} from '../world.ts';
import { jobRows, readMails, runAllJobs } from './inspect.ts';

const NOW = '2026-12-01T08:00:00Z';

/** Handlers that only count what they were asked to do; `fail` makes every run throw. */
function countingHandlers(seen: string[], fail = false): JobHandlers<JobPayloads> {
  const record = async ({ reservationId }: { reservationId: string }) => {
    seen.push(reservationId);
    if (fail) {
      throw new Error('the mail server said no');
    }
  };
  return {
    'mail.confirmation': record,
    'mail.modification': record,
    'mail.deletion': record,
    'mail.reminder': record,
    'mail.doorman-notice': record,
    'mail.no-show': record,
    'mail.doorman-summary': async () => {},
    'files.cleanup': async () => {},
    'reservations.release-no-shows': async () => {},
    'waitlist.promote': async () => {},
    'mail.waitlist-promoted': record,
    'mail.waitlist-expired': async () => {},
    'draw.run': async () => {},
    'mail.draw-won': record,
    'mail.draw-settled': record,
    'mail.draw-lost': async () => {},
    'mail.guest': record,
    'mail.time-zone': async () => {},
    'notifications.record-invitations': async () => {},
    retention: async () => {},
    'audit.prune': async () => {},
    'erasure.captured-mail': async () => {},
    'reservations.rollup-rebuild': async () => {},
    backup: async () => {},
    'push.notify': async () => {},
    'push.deliver': async () => {},
    'push.check-in-windows': async () => {},
  };
}

function testWorker(
  db: Executor,
  handlers: JobHandlers<JobPayloads>,
  clock: () => Date,
  lines: string[] = [],
  options: { leaseMs?: number } = {},
): Worker {
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  return startWorker({
    db,
    handlers,
    log,
    clock,
    pollIntervalMs: 10,
    retryBaseMs: 60_000,
    leaseMs: options.leaseMs ?? 60_000,
    batchSize: 10,
    poll: false,
  });
}

const time = movableClock(NOW);
const { storage: world, server: jobsApp } = await worldOfFile({
  listen: false,
  clock: time.clock,
  jobs: { poll: false },
});

describe('the job queue', () => {
  beforeEach(async () => {
    time.set(NOW);
    // Only this test's jobs: not the doormen's summary chain the app queues at start, nor earlier tests'.
    await sql`DELETE FROM jobs`.execute(jobsApp.db);
  });

  it('never runs a job enqueued in a transaction that rolled back', async () => {
    const seen: string[] = [];
    await expect(
      jobsApp.db.transaction().execute(async (trx) => {
        await enqueue(
          trx,
          { kind: 'mail.confirmation', payload: { reservationId: 'rolled-back' } },
          time.clock(),
        );
        throw new Error('the reservation failed');
      }),
    ).rejects.toThrow('the reservation failed');
    const worker = testWorker(jobsApp.db, countingHandlers(seen), time.clock);
    expect(await worker.runDue()).toBe(0);
    expect(seen).toEqual([]);
    expect(await jobRows(jobsApp.db, 'mail.confirmation')).toEqual([]);
  });

  it('runs a committed job exactly once, even with two workers polling', async () => {
    await jobsApp.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 40; index++) {
        await enqueue(
          trx,
          { kind: 'mail.confirmation', payload: { reservationId: `r${index}` } },
          time.clock(),
        );
      }
    });
    const seen: string[] = [];
    // On PostgreSQL the second worker has its own connection pool, as a second instance would.
    const second =
      world.databaseUrl === undefined
        ? undefined
        : await openDatabase({ databaseUrl: world.databaseUrl, dataDir: world.dataDir });
    try {
      const workers = [
        testWorker(jobsApp.db, countingHandlers(seen), time.clock),
        testWorker(second?.db ?? jobsApp.db, countingHandlers(seen), time.clock),
      ];
      await Promise.all(workers.map((worker) => runAllJobs(worker)));
    } finally {
      await second?.close();
    }
    expect(seen.length).toBe(40);
    expect(new Set(seen).size).toBe(40);
    const rows = await jobRows(jobsApp.db, 'mail.confirmation');
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  });

  it('keeps one job per idempotency key', async () => {
    expect(await enqueue(jobsApp.db, confirmationJob('42'), time.clock())).not.toBeNull();
    expect(await enqueue(jobsApp.db, confirmationJob('42'), time.clock())).toBeNull();
    expect(await jobRows(jobsApp.db, 'mail.confirmation')).toHaveLength(1);
  });

  it('waits for run_at', async () => {
    const seen: string[] = [];
    await enqueue(jobsApp.db, {
      kind: 'mail.confirmation',
      payload: { reservationId: 'later' },
      runAt: new Date('2026-12-01T09:00:00Z'),
    });
    const worker = testWorker(jobsApp.db, countingHandlers(seen), time.clock);
    expect(await worker.runDue()).toBe(0);
    time.set('2026-12-01T09:00:00Z');
    expect(await worker.runDue()).toBe(1);
    expect(seen).toEqual(['later']);
  });

  it('retries a failing job with backoff, then dead-letters it with the reason', async () => {
    const seen: string[] = [];
    const lines: string[] = [];
    await enqueue(
      jobsApp.db,
      { kind: 'mail.confirmation', payload: { reservationId: 'x' }, maxAttempts: 3 },
      time.clock(),
    );
    const worker = testWorker(jobsApp.db, countingHandlers(seen, true), time.clock, lines);

    expect(await worker.runDue()).toBe(1);
    let [row] = await jobRows(jobsApp.db, 'mail.confirmation');
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'Error: the mail server said no' });
    expect(new Date(row?.runAt ?? 0).getTime() - time.clock().getTime()).toBe(60_000);
    expect(await worker.runDue()).toBe(0);

    time.set('2026-12-01T08:01:00Z');
    expect(await worker.runDue()).toBe(1);
    [row] = await jobRows(jobsApp.db, 'mail.confirmation');
    expect(new Date(row?.runAt ?? 0).getTime() - time.clock().getTime()).toBe(120_000);

    time.set('2026-12-01T08:03:00Z');
    expect(await worker.runDue()).toBe(1);
    [row] = await jobRows(jobsApp.db, 'mail.confirmation');
    expect(row).toMatchObject({ state: 'dead', attempts: 3 });

    time.set('2026-12-02T08:00:00Z');
    expect(await worker.runDue()).toBe(0);
    expect(seen).toEqual(['x', 'x', 'x']);
    expect(
      lines.some((line) => line.includes('dead-lettered') && line.includes('the mail server said no')),
    ).toBe(true);
  });

  it('takes over a job whose worker died mid-job once its lease has passed', async () => {
    await enqueue(
      jobsApp.db,
      { kind: 'mail.confirmation', payload: { reservationId: 'orphan' } },
      time.clock(),
    );
    // A worker claims it and dies before finishing.
    expect(await claimDueJobs(jobsApp.db, { now: time.clock(), leaseMs: 60_000, limit: 10 })).toHaveLength(1);
    const seen: string[] = [];
    const worker = testWorker(jobsApp.db, countingHandlers(seen), time.clock);
    expect(await worker.runDue()).toBe(0);
    time.set('2026-12-01T08:01:00Z');
    expect(await worker.runDue()).toBe(1);
    expect(seen).toEqual(['orphan']);
    const [row] = await jobRows(jobsApp.db, 'mail.confirmation');
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('sends the mail of a worker that crashed within a minute, not after five', async () => {
    await enqueue(
      jobsApp.db,
      { kind: 'mail.confirmation', payload: { reservationId: 'crashed' } },
      time.clock(),
    );
    // A server claims it with the lease servers use, then the process dies: no heartbeat renews the lease.
    const leaseMs = DEFAULT_WORKER_OPTIONS.leaseMs;
    expect(await claimDueJobs(jobsApp.db, { now: time.clock(), leaseMs, limit: 10 })).toHaveLength(1);
    const seen: string[] = [];
    const survivor = testWorker(jobsApp.db, countingHandlers(seen), time.clock, [], { leaseMs });
    time.set('2026-12-01T08:00:01Z');
    expect(await survivor.runDue()).toBe(0);
    time.set('2026-12-01T08:01:00Z');
    expect(await survivor.runDue()).toBe(1);
    expect(seen).toEqual(['crashed']);
  });

  it('keeps a job that runs longer than its lease while the heartbeat renews it', async () => {
    // Real time here: the heartbeat is a timer, and the lease is short so the job outlives it several times.
    const clock = () => new Date();
    const leaseMs = 600;
    await enqueue(jobsApp.db, { kind: 'mail.confirmation', payload: { reservationId: 'long' } }, clock());
    const seen: string[] = [];
    const handlers = countingHandlers(seen);
    let finished = false;
    const slow = testWorker(
      jobsApp.db,
      {
        ...handlers,
        'mail.confirmation': async (payload, context) => {
          await handlers['mail.confirmation'](payload, context);
          await new Promise((resolve) => setTimeout(resolve, 4 * leaseMs));
        },
      },
      clock,
      [],
      { leaseMs },
    );
    // On PostgreSQL the other worker has its own connection pool, as a second instance would.
    const second =
      world.databaseUrl === undefined
        ? undefined
        : await openDatabase({ databaseUrl: world.databaseUrl, dataDir: world.dataDir });
    try {
      const other = testWorker(second?.db ?? jobsApp.db, countingHandlers(seen), clock, [], { leaseMs });
      const running = slow.runDue().finally(() => {
        finished = true;
      });
      let taken = 0;
      while (!finished) {
        taken += await other.runDue();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await running).toBe(1);
      expect(taken).toBe(0);
    } finally {
      await second?.close();
    }
    expect(seen).toEqual(['long']);
    const [row] = await jobRows(jobsApp.db, 'mail.confirmation');
    expect(row).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('on stop finishes the job it is running and gives the rest of its batch back at once', async () => {
    for (const reservationId of ['running', 'second', 'third']) {
      await enqueue(jobsApp.db, { kind: 'mail.confirmation', payload: { reservationId } }, time.clock());
    }
    const seen: string[] = [];
    const handlers = countingHandlers(seen);
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const stopping = testWorker(
      jobsApp.db,
      {
        ...handlers,
        'mail.confirmation': async (payload, context) => {
          await handlers['mail.confirmation'](payload, context);
          started();
          await new Promise((resolve) => setTimeout(resolve, 300));
        },
      },
      time.clock,
    );
    const batch = stopping.runDue();
    await running;
    // What SIGTERM does: the server stops its worker before the database closes.
    await stopping.stop();
    expect(await batch).toBe(1);
    expect(seen).toEqual(['running']);
    expect((await jobRows(jobsApp.db, 'mail.confirmation')).map((row) => [row.state, row.attempts])).toEqual([
      ['done', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
    // Another instance sends the rest now, without waiting for the stopped worker's lease.
    const other = testWorker(jobsApp.db, countingHandlers(seen), time.clock);
    expect(await other.runDue()).toBe(2);
    expect(seen).toEqual(['running', 'second', 'third']);
  });

  it('leaves a claimed job whose lease ran out while earlier jobs of the batch ran', async () => {
    for (const reservationId of ['slow', 'next']) {
      await enqueue(jobsApp.db, { kind: 'mail.confirmation', payload: { reservationId } }, time.clock());
    }
    const seen: string[] = [];
    const handlers = countingHandlers(seen);
    const worker = testWorker(
      jobsApp.db,
      {
        ...handlers,
        'mail.confirmation': async (payload, context) => {
          await handlers['mail.confirmation'](payload, context);
          time.set('2026-12-01T08:01:00Z');
        },
      },
      time.clock,
    );
    expect(await worker.runDue()).toBe(2);
    expect(seen).toEqual(['slow']);
    expect(await worker.runDue()).toBe(1);
    expect(seen).toEqual(['slow', 'next']);
  });

  it('purges done jobs finished before a date and keeps the dead ones', async () => {
    await enqueue(jobsApp.db, { kind: 'mail.confirmation', payload: { reservationId: 'ok' } }, time.clock());
    await enqueue(
      jobsApp.db,
      { kind: 'mail.deletion', payload: { reservationId: 'bad' }, maxAttempts: 1 },
      time.clock(),
    );
    const seen: string[] = [];
    const handlers = countingHandlers(seen);
    const worker = testWorker(
      jobsApp.db,
      { ...handlers, 'mail.deletion': countingHandlers(seen, true)['mail.deletion'] },
      time.clock,
    );
    expect(await worker.runDue()).toBe(2);
    expect(await purgeFinishedJobs(jobsApp.db, time.clock())).toBe(0);
    expect(await purgeFinishedJobs(jobsApp.db, new Date('2026-12-01T08:00:01Z'))).toBe(1);
    expect((await jobRows(jobsApp.db)).map((row) => [row.kind, row.state])).toEqual([
      ['mail.deletion', 'dead'],
    ]);
  });
});

describe('retry backoff', () => {
  it('doubles the retry delay per failure, capped at a day', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40, 1000)).toBe(24 * 60 * 60 * 1000);
  });
});

describe('jobs across a restart', () => {
  it('runs a job enqueued before the server stopped once it is back', async () => {
    const world = await createStorage();
    try {
      const first = await startServer(world, {
        listen: false,
        clock: () => new Date(NOW),
        jobs: { poll: false },
      });
      const reservationId = await seedReservation(first.db, usersWorkingDay('A-105', '2026-12-02'));
      await enqueue(first.db, confirmationJob(reservationId), new Date(NOW));
      await first.stop();
      expect(await readMails(world.dataDir)).toEqual([]);

      const second = await startServer(world, {
        listen: false,
        clock: () => new Date(NOW),
        jobs: { poll: true, pollIntervalMs: 20 },
      });
      try {
        // The job is marked done just after its mail is written: wait for the mark, not for the mail.
        await expect
          .poll(async () => (await jobRows(second.db, 'mail.confirmation'))[0]?.state, { timeout: 10_000 })
          .toBe('done');
        expect(await readMails(world.dataDir)).toHaveLength(1);
        const [row] = await jobRows(second.db, 'mail.confirmation');
        expect(row).toMatchObject({ state: 'done', attempts: 1 });
      } finally {
        await second.stop();
      }
    } finally {
      await world.dispose();
    }
  });
});
