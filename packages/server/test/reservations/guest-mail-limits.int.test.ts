import { rmSync } from 'node:fs';
import { headers } from '@parkhere/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';
import { invitationOf } from '../calendar/ical.ts';
import { withId } from '../client.ts';
import { jobRows, mailsTo as mailsIn, readMails, recipientsOf, runAllJobs } from '../jobs/inspect.ts';
import { userIdOf, workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, guestRequest, partiesOf } from './forms.ts';

/*
 * Issue 25, item 1: the guest mail is no relay. A user who loops create → modify ×2 → delete on a GUEST
 * reservation made the server mail one outside address hundreds of times. Mail to addresses outside the allowed
 * domains (and the doormen's instant notice) spends the user's hourly budget and the address's daily one,
 * counted in the database; over either the reservation still works, the mail is not queued, and the answer's
 * X-Notice says so.
 */

const RESERVE = '/services/UserReservationPanel/reservation';
const MODIFY = '/services/UserReservation/modificateReservation';
const DELETE = '/services/UserReservation/deleteReservation';
const PER_USER = 6;
const PER_RECIPIENT = 3;

const { server, user, admin } = await worldOfFile({
  jobs: { poll: false, retryBaseMs: 0 },
  users: ['user', 'admin'],
  env: {
    MAIL_LIMIT_PER_USER_HOUR: String(PER_USER),
    MAIL_LIMIT_PER_RECIPIENT_DAY: String(PER_RECIPIENT),
  },
});
const db = server.db;
const day = await workingDayAfter(server, 1);

const runAll = () => runAllJobs(server);

const mailsTo = (address: string) => mailsIn(server.config.dataDir, address);

const guestInput = async (
  caller: typeof user,
  slot: string,
  guest: { name?: string; email: string },
  extra: Record<string, unknown> = {},
) => {
  const own = await partiesOf(caller, slot, caller === admin ? 'admin@parkhere.example' : undefined);
  return {
    ...guestRequest(own, day, { name: guest.name ?? 'Greta Guest', email: guest.email, plate: 'GST-120' }),
    ...extra,
  };
};

/** A create's answer: the reservation made and the notice it carries, if any. */
const create = async (caller: typeof user, body: Record<string, unknown>) => {
  const answer = await caller.answer({ method: 'POST', path: RESERVE, body });
  expect(answer.status).toBe(200);
  const [created] = answer.body as Entity[];
  return { created: created as Entity, notice: answer.headers.get(headers.notice) };
};

const act = async (caller: typeof user, path: string, reservation: Entity, body?: unknown) => {
  const answer = await caller.answer({
    method: 'POST',
    path,
    body,
    headers: withId(reservation.__signedIdentifier),
  });
  expect(answer.status).toBe(200);
  return { body: answer.body as Entity, notice: answer.headers.get(headers.notice) };
};

/** The mails counted now: the user's and the outside addresses', summed. */
const counted = async () => {
  const rows = await sql<{ scope: 'user' | 'recipient'; sent: number }>`SELECT scope, sum(sent)::int AS sent
    FROM mail_limit_counts GROUP BY scope`.execute(db);
  return Object.fromEntries(rows.rows.map((row) => [row.scope, row.sent]));
};

describe('mail to people who did not ask for it', () => {
  beforeEach(async () => {
    rmSync(mailDirOf(server.config.dataDir), { recursive: true, force: true });
    await sql`DELETE FROM jobs WHERE kind LIKE 'mail.%'`.execute(db);
    await sql`DELETE FROM mail_limit_counts`.execute(db);
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE reservation_type = 'GUEST'`.execute(
      db,
    );
  });

  it('the loop of the issue: one outside address gets its daily budget, the reservations all work', async () => {
    const victim = 'victim@elsewhere.example';
    const notices: (string | null)[] = [];
    for (let round = 0; round < 5; round += 1) {
      const made = await create(user, await guestInput(user, 'A-120', { email: victim }));
      notices.push(made.notice);
      await runAll();
      const moved = await act(user, MODIFY, made.created, { startTime: '09:00:00', endTime: '10:30:00' });
      notices.push(moved.notice);
      await runAll();
      const again = await act(user, MODIFY, moved.body, { startTime: '09:00:00', endTime: '11:00:00' });
      notices.push(again.notice);
      await runAll();
      notices.push((await act(user, DELETE, again.body)).notice);
      await runAll();
    }
    // 20 changes, each made; the address got its 3 of the day (the first round's confirmation and changes),
    // then the first round's deletion and each later confirmation were not mailed, and said so. A guest never
    // told of a reservation is owed nothing of its changes, so those answers carry no notice.
    expect(await mailsTo(victim)).toHaveLength(PER_RECIPIENT);
    const unmailedRound = ['GUEST_NOT_MAILED', null, null, null];
    expect(notices).toEqual([null, null, null, 'GUEST_NOT_MAILED', ...Array(4).fill(unmailedRound).flat()]);
    const states = await sql<{ status: string }>`SELECT reservation_status::text AS status FROM reservations
      WHERE reservation_type = 'GUEST' AND guest_email = ${victim}`.execute(db);
    expect(states.rows.map((row) => row.status)).toEqual(Array(5).fill('DELETED'));
    // The owner still hears of their own reservations: 5 × (made, changed twice, deleted).
    expect(await mailsTo('user@parkhere.example')).toHaveLength(20);
    // The log says who and why, never the address.
    const withheld = server.logs.filter((line) => line.includes('mail budget used up'));
    expect(withheld.length).toBe(5);
    expect(withheld.join('\n')).not.toContain(victim);
    expect(withheld[0]).toContain('"notice":"GUEST_NOT_MAILED"');
  });

  it('a user’s hourly budget covers all outside addresses; the company’s own are not counted', async () => {
    const results: (string | null)[] = [];
    for (let guest = 1; guest <= PER_USER + 2; guest += 1) {
      const made = await create(
        user,
        await guestInput(user, 'A-120', { email: `g${guest}@elsewhere.example` }),
      );
      results.push(made.notice);
      await runAll();
      await act(user, DELETE, made.created);
      await runAll();
    }
    // Each round spends a confirmation and a deletion mail: 6 mails are 3 rounds; the 4th round's confirmation
    // and every later one are withheld, and so is the deletion of a guest who was never told.
    expect(results).toEqual([null, null, null, ...Array(PER_USER + 2 - 3).fill('GUEST_NOT_MAILED')]);
    const outside = (await readMails(server.config.dataDir)).filter((mail) =>
      recipientsOf(mail).some((address) => address.endsWith('@elsewhere.example')),
    );
    expect(outside).toHaveLength(PER_USER);
    // A colleague invited as a guest is mailed all the same.
    const colleague = await create(
      user,
      await guestInput(user, 'A-120', { email: 'quick@parkhere.example' }),
    );
    expect(colleague.notice).toBeNull();
    await runAll();
    expect(await mailsTo('quick@parkhere.example')).toHaveLength(1);
  });

  it('two parallel creates racing for the last mail of the budget: exactly one is mailed', async () => {
    await sql`INSERT INTO mail_limit_counts (scope, key, window_start, sent)
      VALUES ('user', ${await userIdOf(server, 'admin@parkhere.example')}, now(), ${PER_USER - 1})`.execute(
      db,
    );
    const bodies = [
      await guestInput(admin, 'A-120', { email: 'left@elsewhere.example' }),
      await guestInput(admin, 'A-111', { email: 'right@elsewhere.example' }),
    ];
    const answers = await Promise.all(bodies.map((body) => create(admin, body)));
    expect(answers.map((answer) => answer.notice).sort()).toEqual(['GUEST_NOT_MAILED', null]);
    await runAll();
    const mailed = [
      ...(await mailsTo('left@elsewhere.example')),
      ...(await mailsTo('right@elsewhere.example')),
    ];
    expect(mailed).toHaveLength(1);
    const counted = await sql<{
      sent: number;
    }>`SELECT sent FROM mail_limit_counts WHERE scope = 'user'`.execute(db);
    expect(counted.rows).toEqual([{ sent: PER_USER }]);
  });

  it('a mail that never goes out spends nothing: reservations deleted before their mails went out', async () => {
    const guest = 'early@elsewhere.example';
    const asked = { instantNotificateTheDoorman: true };
    // Each round's guest confirmation and doormen's notice are queued, counted, and not sent (the reservation
    // is deleted first): more rounds than either budget holds, each mailed as the first.
    for (let round = 0; round < PER_USER; round += 1) {
      const made = await create(user, await guestInput(user, 'A-120', { email: guest }, asked));
      expect(made.notice).toBeNull();
      await act(user, DELETE, made.created);
      await runAll();
    }
    expect(await mailsTo(guest)).toEqual([]);
    expect(await counted()).toEqual({ recipient: 0, user: 0 });
    const kept = await create(user, await guestInput(user, 'A-120', { email: guest }, asked));
    expect(kept.notice).toBeNull();
    await runAll();
    expect(await mailsTo(guest)).toHaveLength(1);
    expect(await counted()).toEqual({ recipient: 1, user: 2 });
  });

  it('a change’s mail that never goes out gives its budget back too', async () => {
    const guest = 'moved@elsewhere.example';
    const made = await create(user, await guestInput(user, 'A-120', { email: guest }));
    await runAll();
    // Told, the guest is owed the change and the deletion; the change's mail is skipped, deleted before it ran.
    const moved = await act(user, MODIFY, made.created, { startTime: '09:00:00', endTime: '10:30:00' });
    await act(user, DELETE, moved.body);
    await runAll();
    const methods = (await mailsTo(guest)).map((mail) => invitationOf(mail).method);
    expect(methods).toEqual(['REQUEST', 'CANCEL']);
    expect(await counted()).toEqual({ recipient: 2, user: 2 });
  });

  it('the doormen’s instant notice spends the same budget', async () => {
    const notices: (string | null)[] = [];
    for (let round = 1; round <= PER_USER + 1; round += 1) {
      const made = await create(
        user,
        await guestInput(
          user,
          'A-120',
          { email: 'colleague@parkhere.example' },
          { instantNotificateTheDoorman: true },
        ),
      );
      notices.push(made.notice);
      await act(user, DELETE, made.created);
    }
    expect(notices).toEqual([...Array(PER_USER).fill(null), 'DOORMEN_NOT_NOTIFIED']);
    expect(await jobRows(db, 'mail.doorman-notice')).toHaveLength(PER_USER);
    // With the user's budget spent, an outside guest is not mailed either.
    const made = await create(user, await guestInput(user, 'A-120', { email: 'out@elsewhere.example' }));
    expect(made.notice).toBe('GUEST_NOT_MAILED');
  });
});
