import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { scheduleDoormanSummary } from '../../src/modules/doormen/jobs.ts';
import { confirmationJob } from '../../src/modules/notifications/notifications.ts';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { movableClock, seedReservation, usersWorkingDay, worldOfFile } from '../world.ts';
import { type CapturedMail, jobRows, readMails, runAllJobs, startOver } from './inspect.ts';

/*
 * Issue 25 item 5: on PGlite one confirmation of 112 went out twice after `kill -9` — its .eml was written,
 * the job's completion was not committed, so the job ran again. A mail's Message-ID is now the job's (the same
 * on every attempt, on any instance), and the captured-mail writer skips a Message-ID it wrote already.
 */

const NOW = '2026-12-01T08:00:00Z';
const time = movableClock(NOW);
const { storage, server } = await worldOfFile({
  listen: false,
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0 },
});

const runAll = () => runAllJobs(server);

/** As after a crash between the mail's write and the job's completion: the job is due again. */
const crashBeforeCompletion = async (kind: string) => {
  await sql`UPDATE jobs SET state = 'pending', finished_at = NULL, claim_token = NULL, locked_until = NULL
    WHERE kind = ${kind}`.execute(server.db);
};

const messageIdOf = (mail: CapturedMail | undefined) => mail?.messageId ?? '';

describe('a mail job that runs again after a crash', () => {
  beforeEach(async () => {
    time.set(NOW);
    await startOver(server.db, storage.dataDir);
  });

  it('writes its confirmation once, with a Message-ID of the job that is the same on every attempt', async () => {
    const id = await seedReservation(server.db, usersWorkingDay('A-105', '2026-12-02'));
    await enqueue(server.db, confirmationJob(id), time.clock());
    await runAll();
    const [first, ...others] = await readMails(storage.dataDir);
    expect(others).toEqual([]);
    const [job] = await jobRows(server.db, 'mail.confirmation');
    expect(messageIdOf(first)).toMatch(new RegExp(`^<${job?.id}\\.[0-9a-z]+\\.confirmation\\.[0-9a-f]{16}@`));

    await crashBeforeCompletion('mail.confirmation');
    await runAll();
    expect((await jobRows(server.db, 'mail.confirmation'))[0]).toMatchObject({ state: 'done', attempts: 2 });
    const again = await readMails(storage.dataDir);
    expect(again.map((mail) => mail.file)).toEqual([first?.file]);
  });

  it('gives each mail of a job its own Message-ID, and writes none of them twice', async () => {
    // The arrivals summary: one mail per doorman of the garage (a second doorman joins the demo's).
    await sql`WITH second AS (INSERT INTO doormen (name, email) VALUES ('Second Doorman', 'second@parkhere.example')
        RETURNING id)
      INSERT INTO doorman_garages (doorman_id, parking_garage_id)
      SELECT second.id, g.id FROM second, parking_garages g WHERE g.name = 'HQ Garage'`.execute(server.db);
    await seedReservation(server.db, usersWorkingDay('A-105', '2026-12-01'));
    await scheduleDoormanSummary(server.db, '2026-12-01', 'Europe/Budapest', time.clock());
    await runAll();
    const sent = await readMails(storage.dataDir);
    expect(sent.length).toBe(2);
    expect(new Set(sent.map(messageIdOf)).size).toBe(sent.length);

    await sql`DELETE FROM jobs WHERE kind = 'mail.doorman-summary' AND payload->>'date' <> '2026-12-01'`.execute(
      server.db,
    );
    await crashBeforeCompletion('mail.doorman-summary');
    await runAll();
    expect((await readMails(storage.dataDir)).map((mail) => mail.file)).toEqual(
      sent.map((mail) => mail.file),
    );
  });
});
