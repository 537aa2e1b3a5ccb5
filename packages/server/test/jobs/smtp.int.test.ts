import { sql } from 'kysely';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationJob } from '../../src/modules/notifications/notifications.ts';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import {
  createWorld,
  seedReservation,
  type TestServer,
  usersWorkingDay,
  type WorldStorage,
} from '../world.ts';
import { jobRows, readMails, runAllJobs } from './inspect.ts';

type Received = { from: string; to: string[]; raw: string };

describe('mail over real SMTP', () => {
  let world: WorldStorage;
  let jobsApp: TestServer;
  let server: SMTPServer;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no certificate to trust in a test.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mailFrom = session.envelope.mailFrom;
          received.push({
            from: mailFrom === false ? '' : mailFrom.address,
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    ({ storage: world, server: jobsApp } = await createWorld({
      listen: false,
      jobs: { poll: false },
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      clock: () => new Date('2026-12-01T08:00:00Z'),
    }));
  });

  afterAll(async () => {
    await jobsApp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the confirmation to the SMTP server and captures no .eml', async () => {
    const id = await seedReservation(jobsApp.db, usersWorkingDay('A-107', '2026-12-02'));
    await enqueue(jobsApp.db, confirmationJob(id), new Date('2026-12-01T08:00:00Z'));
    await runAllJobs(jobsApp);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'parking@parkhere.example', to: ['user@parkhere.example'] });
    const mail = await PostalMime.parse(received[0]?.raw ?? '');
    // The demo's garage template, in the user's language (Hungarian): the configured one wins over the default.
    expect(mail.html).toContain(
      'A(z) A-107 / -1 (HQ Garage) parkolóhelyet lefoglaltuk Önnek: 2026. 12. 02. (szerda), 09:00–17:00.',
    );
    expect(await readMails(world.dataDir)).toEqual([]);
    const [row] = await jobRows(jobsApp.db, 'mail.confirmation');
    expect(row?.state).toBe('done');
  });

  it('sends a job again after a crash before its completion (at least once), with the same Message-ID', async () => {
    const [job] = await jobRows(jobsApp.db, 'mail.confirmation');
    const before = received.length;
    // As after kill -9 between the SMTP server's answer and the job's completion: the job is due again.
    await sql`UPDATE jobs SET state = 'pending', finished_at = NULL, claim_token = NULL, locked_until = NULL
      WHERE id = ${job?.id}`.execute(jobsApp.db);
    await runAllJobs(jobsApp);
    expect(received).toHaveLength(before + 1);
    const [first, again] = await Promise.all(
      received.slice(before - 1).map((mail) => PostalMime.parse(mail.raw)),
    );
    expect(first?.messageId).toMatch(new RegExp(`^<${job?.id}\\.[0-9a-z]+\\.confirmation\\.`));
    expect(again?.messageId).toBe(first?.messageId);
  });
});
