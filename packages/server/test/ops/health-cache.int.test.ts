import { describe, expect, it } from 'vitest';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { worldOfFile } from '../world.ts';

/*
 * /api/health is public, so a flood of probes must not load the database: one reading of the queue answers
 * every call for HEALTH_CACHE_SECONDS (5 by default), then the next call reads it again.
 */
const { server } = await worldOfFile({ users: ['user'], jobs: { poll: false } });

const statusOf = async (): Promise<string> => {
  const answer = await fetch(`${server.url}/api/health`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { status: string }).status;
};

describe('/api/health with the default HEALTH_CACHE_SECONDS', () => {
  it('answers from one reading of the queue for 5 s, then sees a queue that fell behind', async () => {
    // The world's jobs due since its database was made (minutes ago on a slow run) would make it degraded.
    await server.app.jobs.runDue();
    const readAt = performance.now();
    expect(await statusOf()).toBe('ok');
    // A job due 10 minutes ago: twice HEALTH_QUEUE_AGE_SECONDS' default.
    const dueAt = new Date(Date.now() - 10 * 60_000);
    await enqueue(
      server.db,
      { kind: 'files.cleanup', payload: { at: dueAt.toISOString() }, runAt: dueAt },
      dueAt,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, statusOf));
    // Only a machine too slow to matter here would be past the 5 s by now; it would make the check meaningless.
    expect(performance.now() - readAt).toBeLessThan(5000);
    expect(answers).toEqual(Array(20).fill('ok'));

    await expect.poll(statusOf, { timeout: 15_000, interval: 500 }).toBe('degraded');
    expect(performance.now() - readAt).toBeGreaterThanOrEqual(5000);
  });
});
