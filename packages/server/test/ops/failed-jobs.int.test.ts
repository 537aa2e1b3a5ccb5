import { describe, expect, it } from 'vitest';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { withId } from '../client.ts';
import { movableClock, seedReservation, workingDayAfter, worldOfFile } from '../world.ts';
import { failingMailer } from './failing-mailer.ts';

/*
 * Failing jobs in sight (issue 30, item 3) as an administrator sees them over HTTP: Actor/failedJobs lists the
 * jobs retrying or dead with what they concern, Job/retry runs one again now; a user is 403, a job that is not
 * failing 422, a forged identifier 4xx, and the database's rows say the same.
 */
const mailer = failingMailer('Error: 554 the relay refused');
mailer.failing = true;
const time = movableClock('2026-03-04T08:00:00+01:00');
const { server, admin, user } = await worldOfFile({
  users: ['admin', 'user'],
  clock: time.clock,
  jobs: { poll: false, mailer, retryBaseMs: 60_000 },
});

type Job = {
  __signedIdentifier: string;
  kind: string;
  dead: boolean;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  nextRunAt: string | null;
  concerns: string | null;
};

const LIST = '/services/Actor/failedJobs/~list';
const RETRY = '/services/Job/retry';
const failedJobs = () => admin.json<Job[]>(LIST, {});
const day = await workingDayAfter(server, 3);

/** A confirmation mail of the user's reservation on A-110, queued due now; its job's id. */
const queueConfirmation = async (start: string, end: string) => {
  const reservationId = await seedReservation(server.db, {
    owner: 'user@parkhere.example',
    slot: 'A-110',
    date: day,
    start,
    end,
  });
  return String(
    await enqueue(server.db, { kind: 'mail.confirmation', payload: { reservationId } }, time.clock()),
  );
};

const stateOf = async (id: string) =>
  (
    await server.db
      .withTables<{ jobs: { id: string; state: string; attempts: number } }>()
      .selectFrom('jobs')
      .select(['state', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).state;

const retrying = await queueConfirmation('09:00', '10:00');
await server.app.jobs.runDue();

describe('Actor/failedJobs', () => {
  it('lists a job retrying after a failure with its error, next attempt and reservation, and no job that is fine', async () => {
    const queuedFine = await queueConfirmation('11:00', '12:00');
    const listed = await failedJobs();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      kind: 'mail.confirmation',
      dead: false,
      attempts: 1,
      maxAttempts: 5,
      lastError: 'Error: Error: 554 the relay refused',
    });
    // Its next attempt after the first backoff.
    expect(Date.parse(String(listed[0]?.nextRunAt))).toBe(time.clock().getTime() + 60_000);
    expect(listed[0]?.concerns).toMatch(new RegExp(`^${day} 09:00–10:00, A-110 .*, \\S`));
    expect(await stateOf(queuedFine)).toBe('pending');
  });

  it('links the person a job concerns, whom administrators open as they open any user', async () => {
    type Concerned = { user: { name: string; __signedIdentifier: string } | null };
    const [job] = await admin.json<Concerned[]>(LIST, { _mask: '{kind,user{name}}' });
    const signed = String(job?.user?.__signedIdentifier);
    const opened = await admin.json<{ email: string }>(
      '/services/UserSettings/~get',
      { _mask: '{email}' },
      withId(signed),
    );
    expect(opened.email).toBe('user@parkhere.example');
    expect(job?.user?.name).toBeTruthy();
  });

  it('is for administrators: a user is 403', async () => {
    expect((await user.post(LIST, {})).status).toBe(403);
  });
});

describe('Job/retry', () => {
  it('runs a retrying job now, before its backoff, and it leaves the list once it succeeds', async () => {
    const [job] = await failedJobs();
    mailer.failing = false;
    // Its next attempt is a minute away: without the retry nothing runs now.
    const answer = await admin.post(RETRY, undefined, withId(String(job?.__signedIdentifier)));
    expect(answer.status).toBe(200);
    await server.app.jobs.runDue();
    expect(await stateOf(retrying)).toBe('done');
    expect((await failedJobs()).map((listed) => listed.kind)).not.toContain('mail.confirmation');
  });

  it('gives a dead job one more attempt, dead again when it fails', async () => {
    mailer.failing = true;
    const id = await queueConfirmation('13:00', '14:00');
    await server.db
      .withTables<{ jobs: { id: string; attempts: number; maxAttempts: number } }>()
      .updateTable('jobs')
      .set({ attempts: 4, maxAttempts: 5 })
      .where('id', '=', id)
      .execute();
    await server.app.jobs.runDue();
    const [dead] = (await failedJobs()).filter((job) => job.dead);
    expect(dead).toMatchObject({ attempts: 5, nextRunAt: null, dead: true });
    expect((await admin.post(RETRY, undefined, withId(String(dead?.__signedIdentifier)))).status).toBe(200);
    expect(await stateOf(id)).toBe('pending');
    await server.app.jobs.runDue();
    expect(await stateOf(id)).toBe('dead');
    expect((await failedJobs()).find((job) => job.dead)).toMatchObject({ attempts: 6, maxAttempts: 6 });
  });

  it('refuses a user with 403, a job no longer failing with 422 JOB_NOT_FAILING, forged identifiers with 4xx', async () => {
    mailer.failing = true;
    const id = await queueConfirmation('15:00', '16:00');
    await server.app.jobs.runDue();
    const job = (await failedJobs()).find((listed) => !listed.dead);
    const signed = String(job?.__signedIdentifier);
    expect((await user.post(RETRY, undefined, withId(signed))).status).toBe(403);
    expect(await stateOf(id)).toBe('pending');
    mailer.failing = false;
    expect((await admin.post(RETRY, undefined, withId(signed))).status).toBe(200);
    await server.app.jobs.runDue();
    const again = await admin.answer({ method: 'POST', path: RETRY, headers: withId(signed) });
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain('JOB_NOT_FAILING');
    expect(await stateOf(id)).toBe('done');
    const tampered = `${signed.slice(0, -2)}${signed.endsWith('A') ? 'BB' : 'AA'}`;
    for (const forged of [tampered, 'not-an-identifier', '']) {
      const answer = await admin.answer({ method: 'POST', path: RETRY, headers: withId(forged) });
      expect([400, 404]).toContain(answer.status);
    }
  });
});
