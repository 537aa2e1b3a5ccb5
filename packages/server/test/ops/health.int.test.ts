import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { movableClock, seedReservation, workingDayAfter, worldOfFile } from '../world.ts';
import { failingMailer } from './failing-mailer.ts';

/*
 * /api/health (issue 30, item 3) stays 200 and says `degraded` with its reasons while mail fails or a queue
 * waits past HEALTH_QUEUE_AGE_SECONDS; /api/health/live and /ready answer orchestrators' probes. Each answer
 * here reads the queue afresh (HEALTH_CACHE_SECONDS 0); health-cache.int.test.ts holds the default's sharing.
 */
const mailer = failingMailer('connect ECONNREFUSED 10.0.0.25:25');
const time = movableClock('2026-03-04T08:00:00+01:00');
const { server } = await worldOfFile({
  users: ['user'],
  clock: time.clock,
  jobs: { poll: false, mailer },
  env: { HEALTH_QUEUE_AGE_SECONDS: '120', HEALTH_CACHE_SECONDS: '0' },
});

const health = async () => {
  const answer = await fetch(`${server.url}/api/health`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as { status: string; database: string; reasons: string[] };
};

/** A confirmation mail of a reservation of the user's, due at the app's now. */
const queueMail = async (start: string, end: string) => {
  const reservationId = await seedReservation(server.db, {
    owner: 'user@parkhere.example',
    slot: 'A-110',
    date: await workingDayAfter(server, 3),
    start,
    end,
  });
  await enqueue(server.db, { kind: 'mail.confirmation', payload: { reservationId } }, time.clock());
};

describe('/api/health', () => {
  it('is ok with no reasons while mail goes out and nothing waits', async () => {
    await server.app.jobs.runDue();
    expect(await health()).toEqual({
      status: 'ok',
      database: server.app.database.kind,
      reasons: [],
    });
  });

  it('is degraded while mail fails, without the mail server’s error, and ok again once a mail goes out', async () => {
    mailer.failing = true;
    await queueMail('09:00', '09:30');
    await server.app.jobs.runDue();
    const degraded = await health();
    expect(degraded.status).toBe('degraded');
    expect(degraded.reasons).toEqual([
      expect.stringMatching(/^mail is failing: the latest delivery failed at /),
    ]);
    expect(JSON.stringify(degraded)).not.toContain('10.0.0.25');
    mailer.failing = false;
    time.set('2026-03-04T08:01:00+01:00');
    await server.app.jobs.runDue();
    expect((await health()).status).toBe('ok');
  });

  it('is degraded while a due job waits longer than HEALTH_QUEUE_AGE_SECONDS, naming its kind', async () => {
    time.set('2026-03-04T08:01:00+01:00');
    await server.app.jobs.runDue();
    await queueMail('10:00', '10:30');
    const aboutMail = (reasons: string[]) => reasons.filter((reason) => reason.includes('mail.confirmation'));
    time.set('2026-03-04T08:02:30+01:00');
    expect(aboutMail((await health()).reasons)).toEqual([]);
    time.set('2026-03-04T08:04:00+01:00');
    const behind = await health();
    expect(behind.status).toBe('degraded');
    expect(behind.reasons).toContainEqual(
      expect.stringMatching(
        /^queue mail\.confirmation: the oldest due job has waited 18\d s \(limit 120 s\)$/,
      ),
    );
    await server.app.jobs.runDue();
    expect((await health()).status).toBe('ok');
  });

  it('counts a job the database queues due at once (the epoch) as waiting since it was made, not since 1970', async () => {
    await server.app.jobs.runDue();
    // The waitlist's promotions are queued by the database itself (0009), due at the epoch, made at its now().
    const made = await sql<{
      at: Date;
    }>`SELECT waitlist_queue_promotions(ARRAY[date '2026-03-09']), now() AS at`.execute(server.db);
    const madeAt = new Date(made.rows[0]?.at ?? 0).getTime();
    const aboutPromotions = async () =>
      (await health()).reasons.filter((reason) => reason.includes('waitlist.promote'));
    time.set(new Date(madeAt + 30_000).toISOString());
    expect(await aboutPromotions()).toEqual([]);
    time.set(new Date(madeAt + 200_000).toISOString());
    expect(await aboutPromotions()).toEqual([
      expect.stringMatching(/^queue waitlist\.promote: the oldest due job has waited 200 s \(limit 120 s\)$/),
    ]);
  });
});

describe('probes', () => {
  it('live and ready answer 200 while the server runs', async () => {
    expect(await (await fetch(`${server.url}/api/health/live`)).json()).toEqual({ status: 'live' });
    expect(await (await fetch(`${server.url}/api/health/ready`)).json()).toEqual({ status: 'ready' });
  });
});
