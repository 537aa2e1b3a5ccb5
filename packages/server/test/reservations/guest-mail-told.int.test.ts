import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';
import { invitationOf } from '../calendar/ical.ts';
import { withId } from '../client.ts';
import { jobRows, mailsTo as mailsIn, runAllJobs } from '../jobs/inspect.ts';
import { setLocale, workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, guestRequest, partiesOf } from './forms.ts';

/*
 * Issue 25, item 1: no guest mail at all for a reservation deleted before its confirmation went out. A user
 * looping create → delete on a GUEST reservation made the server mail a stranger each time. As a mail system
 * would, the guest is told of a reservation only by its confirmation, recorded when it goes out; its changes
 * and its deletion mail only a guest who was told, and a confirmation still waiting sends the reservation as
 * it is when it goes out, or nothing once it is deleted.
 */

const RESERVE = '/services/UserReservationPanel/reservation';
const MODIFY = '/services/UserReservation/modificateReservation';
const DELETE = '/services/UserReservation/deleteReservation';
const OWNER = 'user@parkhere.example';
const DOORMAN = 'doorman@parkhere.example';

const { server, user } = await worldOfFile({
  jobs: { poll: false, retryBaseMs: 0 },
  users: ['user'],
  // Budgets out of the way: what is tested here is what is due to the guest, not how much.
  env: { MAIL_LIMIT_PER_USER_HOUR: '1000', MAIL_LIMIT_PER_RECIPIENT_DAY: '1000' },
});
const db = server.db;
const day = await workingDayAfter(server, 1);

const runAll = () => runAllJobs(server);
const mailsTo = (address: string) => mailsIn(server.config.dataDir, address);

/** What each mail to `address` is, oldest first: the start of its subject. */
const kindsTo = async (address: string) =>
  (await mailsTo(address)).map((mail) => {
    const subject = mail.subject ?? '';
    if (subject.startsWith('A parking slot is waiting for you')) {
      return 'confirmation';
    }
    if (subject.startsWith('Your parking was changed')) {
      return 'modification';
    }
    return subject.startsWith('Your parking was cancelled') ? 'deletion' : subject;
  });

/** The subjects of the mails to `address` up to their colon (the date and slot follow it). */
const subjectsTo = async (address: string) =>
  (await mailsTo(address)).map((mail) => (mail.subject ?? '').split(':')[0]);

const reserveGuest = async (email: string, extra: Record<string, unknown> = {}) => {
  const own = await partiesOf(user, 'A-120');
  const body = { ...guestRequest(own, day, { name: 'Greta Guest', email, plate: 'GST-120' }), ...extra };
  const [created] = await user.json<Entity[]>(RESERVE, body);
  if (created === undefined) {
    throw new Error('no reservation created');
  }
  return created;
};

const modify = (reservation: Entity) =>
  user.json<Entity>(
    MODIFY,
    { startTime: '09:00:00', endTime: '10:30:00' },
    withId(reservation.__signedIdentifier),
  );

const remove = async (reservation: Entity) => {
  expect((await user.post(DELETE, undefined, withId(reservation.__signedIdentifier))).status).toBe(200);
};

/** Every guest job ran once and is done: none failed, none waits for a retry. */
const expectGuestJobsDone = async () => {
  const jobs = await jobRows(db, 'mail.guest');
  expect(jobs.map((job) => [job.state, job.attempts, job.lastError])).toEqual(
    jobs.map(() => ['done', 1, null]),
  );
};

describe('a guest hears of a reservation only once told of it', () => {
  beforeEach(async () => {
    rmSync(mailDirOf(server.config.dataDir), { recursive: true, force: true });
    await sql`DELETE FROM jobs WHERE kind LIKE 'mail.%'`.execute(db);
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE reservation_type = 'GUEST'`.execute(
      db,
    );
    await setLocale(db, OWNER, 'en-US');
  });

  it('deleted before its confirmation went out: the guest gets no mail at all, the owner their deletion', async () => {
    const guest = 'early@elsewhere.example';
    await remove(await reserveGuest(guest, { instantNotificateTheDoorman: true }));
    await runAll();
    expect(await kindsTo(guest)).toEqual([]);
    await expectGuestJobsDone();
    // As before: the owner's confirmation of a deleted reservation is skipped, its deletion goes out; the
    // doormen are not told of a guest who is not coming.
    expect(await subjectsTo(OWNER)).toEqual(['Parking reservation deleted']);
    expect(await mailsTo(DOORMAN)).toEqual([]);
  });

  it('changed and deleted before its confirmation went out: the guest gets no mail at all', async () => {
    const guest = 'twice@elsewhere.example';
    await remove(await modify(await reserveGuest(guest)));
    await runAll();
    expect(await kindsTo(guest)).toEqual([]);
    await expectGuestJobsDone();
    // The owner's modification mail is skipped too once the reservation is deleted, as before.
    expect(await subjectsTo(OWNER)).toEqual(['Parking reservation deleted']);
  });

  it('changed before its confirmation went out: one confirmation, showing the change', async () => {
    const guest = 'moved@elsewhere.example';
    await modify(await reserveGuest(guest));
    await runAll();
    expect(await kindsTo(guest)).toEqual(['confirmation']);
    const [confirmation] = await mailsTo(guest);
    expect(confirmation?.text).toContain('Time 09:00 – 10:30');
    expect(invitationOf(confirmation).events[0]?.endLocal.slice(11)).toBe('10:30:00');
    await expectGuestJobsDone();
  });

  it('deleted after its confirmation went out: the guest gets the confirmation and the deletion, once each', async () => {
    const guest = 'told@elsewhere.example';
    const created = await reserveGuest(guest);
    await runAll();
    await remove(created);
    await runAll();
    expect(await kindsTo(guest)).toEqual(['confirmation', 'deletion']);
    await expectGuestJobsDone();
  });

  it('a deletion racing the confirmation: the guest hears of both or of neither, never of one', async () => {
    for (let round = 0; round < 30; round += 1) {
      const guest = `race${round}@elsewhere.example`;
      const created = await reserveGuest(guest);
      // The deletion starts from 10 ms before the worker to 48 ms after it, so either may take the
      // reservation's row lock first, or wait for the other's.
      const offset = round * 2 - 10;
      await Promise.all([
        sleep(Math.max(0, -offset)).then(runAll),
        sleep(Math.max(0, offset)).then(() => remove(created)),
      ]);
      await runAll();
      const kinds = await kindsTo(guest);
      expect([[], ['confirmation', 'deletion']]).toContainEqual(kinds);
      await expectGuestJobsDone();
    }
  });
});
