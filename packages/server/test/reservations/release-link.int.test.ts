import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCheckInLinks } from '../../src/modules/check-in/index.ts';
import { confirmationJob, scheduleReminder } from '../../src/modules/notifications/notifications.ts';
import { createReleaseLinks } from '../../src/modules/release-link/index.ts';
import { noticeFactsOf } from '../../src/modules/reservations/repository.ts';
import { loadSigningSecret } from '../../src/platform/http/signed-identifier.ts';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import type { Client } from '../client.ts';
import { type CapturedMail, readMails, recipientsOf, startOver } from '../jobs/inspect.ts';
import { linkPageOf, openLink, pressLinkButton } from '../link-pages.ts';
import type { Entity } from '../reservations/forms.ts';
import {
  JOIN,
  requestOf,
  reservationOf,
  statusOf,
  takeSlot,
  waitlistWorldOfFile,
} from '../waitlist/waitlist.ts';
import { inTimeZone, seedReservation, setLocale } from '../world.ts';

/*
 * Issue 32, item 3: "Not coming?" in one tap. The confirmation and reminder mails carry a signed single-purpose
 * link, `/ParkHere/release/{token}`: GET shows the reservation and one button and changes nothing (mail scanners
 * prefetch links), POST deletes it as its owner would, no sign-in, and the slot goes to the first waiting user.
 * The token names one reservation and stops working when the reservation starts, as it is now. The clock is
 * Wednesday 2026-03-04 08:00 in Budapest; HQ Garage is narrowed to A-103 and A-104.
 */
const TOMORROW = '2026-03-05';
const at = (day: string, time: string) => `${day}T${time}+01:00`;

const { server, time, user, admin } = await waitlistWorldOfFile();
const db = server.db;
const secret = loadSigningSecret(server.app.config.signingSecret);
const links = createReleaseLinks(secret, server.url);
const tokenOf = (url: string) => url.split('/').at(-1) ?? '';

/** Runs due jobs until none is left: the promotion, then the mails it queued. */
const runJobs = async () => {
  while ((await server.app.jobs.runDue()) > 0) {
    // again: a job may queue the next
  }
};

/** A reservation of tomorrow 09:00–10:00 on A-103, the demo user's unless another owner is named. */
const reserve = (start = '09:00', end = '10:00', owner = 'user@parkhere.example') =>
  seedReservation(db, { owner, slot: 'A-103', date: TOMORROW, start, end });

const stored = async (id: string) =>
  (
    await sql<{ status: string; modifiedBy: string | null }>`SELECT reservation_status AS status,
      modefied_by AS modified_by FROM reservations WHERE id = ${id}`.execute(db)
  ).rows[0];

/** The link a mail of the reservation carries, from its text part. */
const linkIn = (mail: CapturedMail | undefined): string => {
  const link = /https?:\/\/\S+\/ParkHere\/release\/[A-Za-z0-9_.-]+/.exec(mail?.text ?? '')?.[0];
  if (link === undefined) {
    throw new Error(`no release link in ${mail?.text}`);
  }
  return link;
};

/** The reservation's link, as its confirmation carries it. */
const confirmedLink = async (id: string): Promise<string> => {
  await enqueue(db, confirmationJob(id), time.clock());
  await runJobs();
  return linkIn((await readMails(server.config.dataDir)).at(-1));
};

const get = openLink;
const post = pressLinkButton;

/** The link's page and its button both say the reservation has started (422). */
const expectStarted = async (link: string) => {
  for (const answer of [await get(link), await post(link)]) {
    expect(answer.status).toBe(422);
    expect(await answer.text()).toContain('already started or ended');
  }
};

const join = async (caller: Client) =>
  caller.json<Entity>(
    JOIN,
    await requestOf(caller, { date: TOMORROW, startTime: '09:00:00', endTime: '10:00:00' }),
  );

beforeEach(async () => {
  time.set(at('2026-03-04', '08:00:00'));
  await runJobs();
  await sql`DELETE FROM waitlist_entries`.execute(db);
  await startOver(db, server.config.dataDir);
  await setLocale(db, 'user@parkhere.example', 'en-US');
  await setLocale(db, 'quick@parkhere.example', 'en-US');
});

describe('the mails’ release link', () => {
  it('rides in the confirmation and the reminder, text and HTML, in the owner’s language', async () => {
    const id = await reserve();
    const confirmed = await confirmedLink(id);
    const confirmation = (await readMails(server.config.dataDir)).at(-1);
    expect(recipientsOf(confirmation as CapturedMail)).toEqual(['user@parkhere.example']);
    expect(confirmation?.text).toContain('Not coming? Give the slot back in one tap');
    expect(confirmation?.html).toContain(`<a href="${confirmed}">`);
    expect(confirmed.startsWith(`${server.url}/ParkHere/release/`)).toBe(true);
    // It names the reservation, and nothing else (until when it works: below, by the reservation's start).
    expect(links.named(tokenOf(confirmed))).toBe(id);

    await setLocale(db, 'user@parkhere.example', 'hu-HU');
    await scheduleReminder(db, await noticeFactsOf(db, id), time.clock());
    time.set(at(TOMORROW, '08:45:00'));
    await runJobs();
    const reminder = (await readMails(server.config.dataDir)).at(-1);
    expect(reminder?.subject).toContain('Emlékeztető');
    expect(reminder?.text).toContain('Mégsem jön? Adja vissza a parkolóhelyet egy kattintással');
    const reminded = linkIn(reminder);
    expect(reminder?.html).toContain(`<a href="${reminded}">`);
    expect(links.named(tokenOf(reminded))).toBe(id);
    // The link works: its page offers the button.
    const page = await get(reminded);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Nem jövök, visszaadom a helyet');
  });

  it('is not in a mail about a reservation that is gone, nor in the deletion mail', async () => {
    const id = await reserve();
    const link = await confirmedLink(id);
    expect((await post(link)).status).toBe(200);
    await runJobs();
    const deletion = (await readMails(server.config.dataDir)).at(-1);
    expect(deletion?.subject).toContain('Parking reservation deleted');
    expect(deletion?.text).not.toContain('/ParkHere/release/');
  });
});

describe('GET and POST /ParkHere/release/{token}', () => {
  it('shows the reservation on GET without changing it; POST gives it back and the waitlist gets the slot', async () => {
    // Quick's reservation; the demo user waits for the same time.
    const id = await reserve('09:00', '10:00', 'quick@parkhere.example');
    await takeSlot(db, 'A-104', TOMORROW, '09:00', '10:00');
    const entry = await join(user);
    const link = await confirmedLink(id);

    const page = await linkPageOf(await get(link), 200);
    expect(page).toContain('<html lang="en">');
    expect(page.match(/<h1>/g)).toHaveLength(1);
    expect(page).toContain('Thu, 5 Mar 2026');
    expect(page).toContain('09:00 – 10:00');
    expect(page).toContain('A-103');
    expect(page).toContain('HQ Garage');
    expect(page).toContain(
      '<form method="post"><button type="submit">Not coming: give the slot back</button>',
    );
    expect(page).not.toContain('<script');
    // A mail scanner's prefetch (twice, even) changes nothing, and promotes nobody.
    await get(link);
    await runJobs();
    expect(await stored(id)).toMatchObject({ status: 'ACTIVE' });
    expect(await statusOf(db, entry.__identifier)).toMatchObject({ status: 'WAITING' });

    const done = await post(link);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Thank you! The reservation is deleted');
    expect(await stored(id)).toEqual({ status: 'DELETED', modifiedBy: 'quick@parkhere.example' });
    await runJobs();
    const promoted = await statusOf(db, entry.__identifier);
    expect(promoted?.status).toBe('PROMOTED');
    expect(await reservationOf(db, String(promoted?.reservationId))).toMatchObject({
      status: 'ACTIVE',
      slot: 'A-103',
      owner: 'user@parkhere.example',
    });
    const mails = await readMails(server.config.dataDir);
    expect(mails.some((mail) => mail.subject?.includes('Parking reservation deleted'))).toBe(true);
    // The audit log knows the change by the link it came through.
    const { rows } = await sql<{ actor: string }>`SELECT actor FROM audit_log
      WHERE table_name = 'reservations' AND row_id = ${id} ORDER BY id DESC LIMIT 1`.execute(db);
    expect(rows[0]?.actor).toBe(`release-link:${id}`);

    // A replay says so and changes nothing.
    const replay = await post(link);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toContain('already given back');
    expect((await get(link)).status).toBe(200);
    expect(await stored(id)).toEqual({ status: 'DELETED', modifiedBy: 'quick@parkhere.example' });
  });

  it('refuses a forged, tampered, foreign or other-purpose token with 404 in the browser’s language', async () => {
    const id = await reserve();
    const other = await seedReservation(db, {
      owner: 'quick@parkhere.example',
      slot: 'A-104',
      date: TOMORROW,
      start: '09:00',
      end: '10:00',
    });
    const link = links.url(id, new Date(at(TOMORROW, '09:00:00')));
    const [tokenId, expiry, mac] = tokenOf(link).split('.');
    const base = `${server.url}/ParkHere/release`;
    const checkIn = createCheckInLinks(secret, server.url).url(id, new Date(at(TOMORROW, '09:30:00')));
    const refused = [
      `${base}/${tokenId}.${expiry}.${'A'.repeat(43)}`,
      // Another reservation's id under this one's signature.
      `${base}/${other}.${expiry}.${mac}`,
      // A later expiry under the signed one.
      `${base}/${tokenId}.${(Date.parse(at(TOMORROW, '18:00:00')) + 0).toString(36)}.${mac}`,
      `${base}/${tokenOf(createReleaseLinks(`${secret}x`, server.url).url(id, new Date(at(TOMORROW, '09:00:00'))))}`,
      `${base}/${tokenOf(checkIn)}`,
      `${base}/not-a-token`,
    ];
    for (const url of refused) {
      const shown = await get(url);
      expect(shown.status, url).toBe(404);
      const answer = await post(url, 'en-US,en;q=0.9');
      expect(answer.status, url).toBe(404);
      expect(await answer.text()).toContain('This link is invalid or has expired.');
    }
    expect(await (await post(refused[0] ?? '')).text()).toContain('Ez a hivatkozás érvénytelen vagy lejárt.');
    expect(await stored(id)).toMatchObject({ status: 'ACTIVE' });
    expect(await stored(other)).toMatchObject({ status: 'ACTIVE' });

    // The other reservation's own link gives back that one only.
    expect((await post(links.url(other, new Date(at(TOMORROW, '09:00:00'))))).status).toBe(200);
    expect(await stored(other)).toMatchObject({ status: 'DELETED' });
    expect(await stored(id)).toMatchObject({ status: 'ACTIVE' });
  });

  it('changes nothing once the reservation has started and its link expired', async () => {
    const id = await reserve();
    const link = await confirmedLink(id);
    time.set(at(TOMORROW, '09:00:00'));
    await expectStarted(link);
    expect(await stored(id)).toMatchObject({ status: 'ACTIVE' });
  });

  it('judges a reservation moved to an earlier start by its times now, not by its link’s signed start', async () => {
    const moved = await reserve('11:00', '12:00');
    const link = await confirmedLink(moved);
    await sql`UPDATE reservations SET during = tstzrange(${at(TOMORROW, '08:30:00')}::timestamptz, upper(during)),
      start_time = '08:30' WHERE id = ${moved}`.execute(db);
    time.set(at(TOMORROW, '09:00:00'));
    expect(links.named(tokenOf(link))).toBe(moved);
    await expectStarted(link);
    expect(await stored(moved)).toMatchObject({ status: 'ACTIVE' });
  });

  it('lets one of two racing POSTs give the reservation back; the other says it is already given back', async () => {
    const id = await reserve();
    const link = await confirmedLink(id);
    const answers = await Promise.all([post(link), post(link)]);
    expect(answers.map(({ status }) => status)).toEqual([200, 200]);
    const texts = (await Promise.all(answers.map((answer) => answer.text()))).map((text) =>
      text.includes('Thank you!') ? 'given back' : text.includes('already given back') ? 'already' : text,
    );
    expect(texts.sort()).toEqual(['already', 'given back']);
    expect(await stored(id)).toMatchObject({ status: 'DELETED' });
    await runJobs();
    const deletions = (await readMails(server.config.dataDir)).filter((mail) =>
      mail.subject?.includes('Parking reservation deleted'),
    );
    expect(deletions).toHaveLength(1);
  });

  it('never writes the token in the request log', async () => {
    const id = await reserve();
    const link = await confirmedLink(id);
    const before = server.logs.length;
    await get(link);
    await post(link);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = server.logs.slice(before).join('\n');
    expect(lines).toContain('/ParkHere/release/:token');
    expect(lines).not.toContain(tokenOf(link));
  });
});

/*
 * Issue 31: a change of the configured time zone keeps the wall clock of the reservations still to come and moves
 * their instants (migrations 0052, 0062), after their mails went out. A link mailed before works until the
 * reservation's new start, and not after, whichever way it moved. The database moves what is still to come by its
 * own clock (the machine's), so these reservations are of June 2027, when 09:00 is 07:00Z in Budapest, 08:00Z in
 * London and 06:00Z in Helsinki.
 */
describe('a release link mailed before a change of the time zone', () => {
  const reserveAt = (owner: string, slot: string, date: string) =>
    seedReservation(db, { owner, slot, date, start: '09:00', end: '10:00' });

  it('works until the reservation’s new start when the change moves it later, and not after', async () => {
    time.set('2027-06-14T08:00:00Z');
    const kept = await reserveAt('user@parkhere.example', 'A-103', '2027-06-15');
    const given = await reserveAt('quick@parkhere.example', 'A-104', '2027-06-15');
    const keptLink = await confirmedLink(kept);
    const givenLink = await confirmedLink(given);
    await inTimeZone(admin, 'Europe/London', async () => {
      // Past the start the links were mailed with (07:00Z), before the new one (08:00Z): they work.
      time.set('2027-06-15T07:30:00Z');
      const page = await linkPageOf(await get(keptLink), 200);
      expect(page).toContain('09:00 – 10:00');
      expect(page).toContain('<button type="submit">Not coming: give the slot back</button>');
      time.set('2027-06-15T07:59:00Z');
      const done = await post(givenLink);
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('Thank you! The reservation is deleted');
      expect(await stored(given)).toMatchObject({ status: 'DELETED' });

      // From the new start on, they do not.
      time.set('2027-06-15T08:00:00Z');
      await expectStarted(keptLink);
      expect(await stored(kept)).toMatchObject({ status: 'ACTIVE' });
    });
  });

  it('stops working at the reservation’s new start when the change moves it earlier', async () => {
    time.set('2027-06-14T08:00:00Z');
    const id = await reserveAt('user@parkhere.example', 'A-103', '2027-06-16');
    const link = await confirmedLink(id);
    await inTimeZone(admin, 'Europe/Helsinki', async () => {
      time.set('2027-06-16T05:59:00Z');
      expect((await get(link)).status).toBe(200);
      // The new start (06:00Z) is before the one the link was mailed with (07:00Z): it ends the link.
      time.set('2027-06-16T06:00:00Z');
      await expectStarted(link);
      expect(await stored(id)).toMatchObject({ status: 'ACTIVE' });
    });
  });
});
