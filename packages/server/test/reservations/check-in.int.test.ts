import { randomUUID } from 'node:crypto';
import { transferTypes } from '@parkhere/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  confirmationJob,
  guestMailJob,
  scheduleReminder,
} from '../../src/modules/notifications/notifications.ts';
import { noticeFactsOf } from '../../src/modules/reservations/repository.ts';
import { createPurposeTokens } from '../../src/platform/http/purpose-tokens.ts';
import { createSignedIdentifiers, loadSigningSecret } from '../../src/platform/http/signed-identifier.ts';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { type Client, withId } from '../client.ts';
import { readMails, recipientsOf } from '../jobs/inspect.ts';
import { linkPageOf, openLink, pressLinkButton } from '../link-pages.ts';
import { inTimeZone, movableClock, seedReservation, setLocale, worldOfFile } from '../world.ts';

/*
 * [Fair share 1] check-in: UserReservation.checkIn by whoever may see the reservation, within its garage's
 * window, and the mail's check-in link (GET shows, POST checks in). HQ Garage requires check-in here with the
 * defaults (15 minutes early, 30 of grace); Riverside Garage does not.
 */

// Tuesday 2026-12-01 in Budapest (UTC+1): a reservation 09:00–17:00 may check in from 08:45 until 09:30.
const DAY = '2026-12-01';
const at = (time: string) => `${DAY}T${time}+01:00`;
const time = movableClock(at('08:00:00'));

const { server, user, quick, admin, doorman, porter } = await worldOfFile({
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0 },
  users: ['user', 'quick', 'admin', 'doorman', 'porter'],
});
const db = server.db;
const secret = loadSigningSecret(server.app.config.signingSecret);
const identifiers = createSignedIdentifiers(secret);
const CHECK_IN = '/services/UserReservation/checkIn';

// A doorman of Riverside Garage only: HQ Garage's reservations are foreign to them.
await sql`WITH d AS (INSERT INTO doormen (name, email) VALUES ('Paul Porter', 'porter@parkhere.example') RETURNING id)
  INSERT INTO doorman_garages (doorman_id, parking_garage_id)
  SELECT d.id, g.id FROM d, parking_garages g WHERE g.name = 'Riverside Garage'`.execute(db);

const requireCheckIn = (garage: string, required: boolean) =>
  sql`UPDATE parking_garages SET check_in_required = ${required}, check_in_grace_minutes = 30,
    check_in_early_minutes = 15 WHERE name = ${garage}`.execute(db);

/** The signed identifier a list would hand the owner (as the web app's card holds it). */
const signed = (id: string, version = 1) =>
  identifiers.sign({ id, type: transferTypes.UserReservation.entityType, version });

const reserve = (slot: string, extra: Partial<Parameters<typeof seedReservation>[1]> = {}) =>
  seedReservation(db, {
    owner: 'user@parkhere.example',
    slot,
    date: DAY,
    start: '09:00',
    end: '17:00',
    ...extra,
  });

const stored = async (id: string) =>
  (
    await sql<{
      status: string;
      checkedInAt: Date | null;
      checkedInBy: string | null;
      version: number;
    }>`SELECT reservation_status AS status, checked_in_at, checked_in_by, version FROM reservations
      WHERE id = ${id}`.execute(db)
  ).rows[0];

const checkIn = async (caller: Client, id: string) => {
  const response = await caller.post(CHECK_IN, undefined, withId(await signed(id)));
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
};

beforeEach(async () => {
  time.set(at('08:00:00'));
  await sql`DELETE FROM jobs`.execute(db);
  await sql`DELETE FROM reservations`.execute(db);
  await requireCheckIn('HQ Garage', true);
  await requireCheckIn('Riverside Garage', false);
});

describe('UserReservation.checkIn', () => {
  it('opens its window earlyMinutes before the start and closes it graceMinutes after', async () => {
    const early = await reserve('A-105');
    const late = await reserve('A-106', { owner: 'quick@parkhere.example' });

    time.set(at('08:44:59'));
    expect(await checkIn(user, early)).toMatchObject({
      status: 422,
      body: { code: 'CHECK_IN_NOT_OPEN_YET' },
    });
    expect((await stored(early))?.checkedInAt).toBeNull();

    time.set(at('08:45:00'));
    const opened = await checkIn(user, early);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      __identifier: early,
      checkInRequired: true,
      checkInOpensAt: '08:45:00',
      checkInClosesAt: '09:30:00',
      // On the configured zone's wall clock, as the window is, whatever zone a browser is in.
      checkedInTime: '08:45:00',
      // Checked in: nothing left to open.
      isCheckInOpen: false,
      reservationStatus: 'ACTIVE',
    });
    expect(new Date(String(opened.body.checkedInAt)).toISOString()).toBe(
      new Date(at('08:45:00')).toISOString(),
    );
    expect(await stored(early)).toMatchObject({ checkedInBy: 'user@parkhere.example', version: 1 });

    time.set(at('09:29:59'));
    const [open] = await quick.json<Array<Record<string, unknown>>>(
      '/services/UserReservationPanel/activeReservations/~list',
      {},
    );
    expect(open).toMatchObject({ __identifier: late, isCheckInOpen: true, checkedInAt: null });
    time.set(at('09:30:00'));
    expect(await checkIn(quick, late)).toMatchObject({ status: 422, body: { code: 'CHECK_IN_CLOSED' } });
    expect((await stored(late))?.checkedInAt).toBeNull();
  });

  it('answers 200 to a repeated check-in and keeps the first', async () => {
    const id = await reserve('A-105');
    time.set(at('08:50:00'));
    expect((await checkIn(user, id)).status).toBe(200);
    time.set(at('09:10:00'));
    expect((await checkIn(user, id)).status).toBe(200);
    // Even after the window closed, a checked-in reservation stays checked in.
    time.set(at('10:00:00'));
    expect((await checkIn(user, id)).status).toBe(200);
    expect(new Date(String((await stored(id))?.checkedInAt)).toISOString()).toBe(
      new Date(at('08:50:00')).toISOString(),
    );
  });

  it('refuses a reservation that needs none, and one that is no longer ACTIVE', async () => {
    const riverside = await reserve('B-002', { owner: 'admin@parkhere.example' });
    const deleted = await reserve('A-105');
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${deleted}`.execute(db);
    time.set(at('09:00:00'));
    expect(await checkIn(admin, riverside)).toMatchObject({
      status: 422,
      body: { code: 'CHECK_IN_NOT_REQUIRED' },
    });
    expect(await checkIn(user, deleted)).toMatchObject({ status: 422, body: { code: 'CHECK_IN_CLOSED' } });
    expect((await stored(riverside))?.checkedInAt).toBeNull();
  });

  it('lets the owner, an administrator and a doorman of the garage on the day check in; others get 404', async () => {
    const owners = await reserve('A-105');
    const administered = await reserve('A-106', { owner: 'quick@parkhere.example' });
    const arrived = await reserve('A-107', { owner: 'admin@parkhere.example' });
    const tomorrow = await reserve('A-108', { date: '2026-12-02' });
    time.set(at('09:00:00'));

    expect((await checkIn(quick, owners)).status).toBe(404);
    expect((await checkIn(porter, owners)).status).toBe(404);
    expect((await stored(owners))?.checkedInAt).toBeNull();

    expect((await checkIn(admin, administered)).status).toBe(200);
    expect((await stored(administered))?.checkedInBy).toBe('admin@parkhere.example');

    // The doorman marks the car arrived from the Arrivals page, which lists today's reservations of their garages.
    const { arrivals } = await doorman.json<{
      arrivals: Array<{ __identifier: string; __signedIdentifier: string }>;
    }>('/services/Actor/doormanArrivals/~get', { _mask: '{arrivals{reserverName}}' });
    const listed = arrivals.find((arrival) => arrival.__identifier === arrived);
    const marked = await doorman.post(CHECK_IN, undefined, withId(String(listed?.__signedIdentifier)));
    expect(marked.status).toBe(200);
    expect((await stored(arrived))?.checkedInBy).toBe('doorman@parkhere.example');
    // Another day's reservation is foreign to the doorman.
    expect((await checkIn(doorman, tomorrow)).status).toBe(404);

    // The owner's card keeps working after the doorman checked them in: its identifier still reads and acts.
    expect((await checkIn(admin, arrived)).status).toBe(200);
    const card = await admin.post('/services/UserReservation/~get', {}, withId(await signed(arrived)));
    expect(card.status).toBe(200);
    expect(await card.json()).toMatchObject({ __identifier: arrived, checkedInAt: expect.any(String) });
  });

  it('refuses a forged identifier and a missing one without a 5xx', async () => {
    const id = await reserve('A-105');
    time.set(at('09:00:00'));
    const forged = `${(await signed(id)).slice(0, -4)}AAAA`;
    expect((await user.post(CHECK_IN, undefined, withId(forged))).status).toBe(400);
    expect((await user.post(CHECK_IN, undefined)).status).toBe(400);
    expect((await stored(id))?.checkedInAt).toBeNull();
  });

  it('refuses a signed identifier of an older version with 409, as every other write does (issue 25, N14)', async () => {
    const id = await reserve('A-105');
    // Changed since the identifier was handed out (its times moved; a modification raises the version).
    await sql`UPDATE reservations SET version = 2 WHERE id = ${id}`.execute(db);
    time.set(at('09:00:00'));
    const stale = await user.post(CHECK_IN, undefined, withId(await signed(id, 1)));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await stored(id))?.checkedInAt).toBeNull();
    const current = await user.post(CHECK_IN, undefined, withId(await signed(id, 2)));
    expect(current.status).toBe(200);
    expect((await stored(id))?.checkedInAt).not.toBeNull();
  });
});

describe('the check-in link', () => {
  /** The check-in link of the first mail the due jobs send (after `before` mails). */
  const linkSent = async (before: number): Promise<string> => {
    await server.app.jobs.runDue();
    const mail = (await readMails(server.config.dataDir))[before];
    const link = /https?:\/\/\S+\/ParkHere\/check-in\/[A-Za-z0-9_.-]+/.exec(mail?.text ?? '')?.[0];
    if (link === undefined) {
      throw new Error(`no check-in link in ${mail?.text}`);
    }
    return link;
  };
  /** The link the reservation's reminder carries, sent at `sentAt` (its start less its reminder time). */
  const linkOf = async (id: string, sentAt = '08:45:00'): Promise<string> => {
    const before = (await readMails(server.config.dataDir)).length;
    await scheduleReminder(db, await noticeFactsOf(db, id), time.clock());
    time.set(at(sentAt));
    return linkSent(before);
  };
  /** The link the reservation's confirmation carries, sent now. */
  const confirmedLink = async (id: string): Promise<string> => {
    const before = (await readMails(server.config.dataDir)).length;
    await enqueue(db, confirmationJob(id), time.clock());
    return linkSent(before);
  };
  const get = openLink;
  const post = pressLinkButton;
  /** The link's page and its button both say the window has closed (422), in the owner's language (English here). */
  const expectClosed = async (link: string) => {
    for (const answer of [await get(link), await post(link, 'hu-HU')]) {
      expect(answer.status).toBe(422);
      expect(await answer.text()).toContain('Check-in for this reservation has closed.');
    }
  };

  it('rides in the confirmation and the reminder with the window, in the owner’s language', async () => {
    await setLocale(db, 'user@parkhere.example', 'en-US');
    const id = await reserve('A-105');
    // The garage's own confirmation template replaces the body, not the note.
    await enqueue(db, confirmationJob(id), time.clock());
    await server.app.jobs.runDue();
    const confirmation = (await readMails(server.config.dataDir)).at(-1);
    expect(confirmation?.text).toContain('your parking slot A-105 / -1 (HQ Garage) is reserved');
    expect(confirmation?.text).toContain('Check in between 08:45 and 09:30, or the slot is released.');
    const confirmed = /https?:\/\/\S+\/ParkHere\/check-in\/\S+/.exec(confirmation?.text ?? '')?.[0];

    const link = await linkOf(id);
    const reminder = (await readMails(server.config.dataDir)).at(-1);
    expect(reminder?.text).toContain('Check in between 08:45 and 09:30, or the slot is released.');
    expect(link.startsWith(`${server.config.publicUrl}/ParkHere/check-in/`)).toBe(true);
    expect(confirmed).toBe(link);

    // A LONG series is confirmed once for all its days: the window, but each day's link is its reminder's.
    await setLocale(db, 'user@parkhere.example', 'hu-HU');
    const seriesId = randomUUID();
    const [first = ''] = [
      await reserve('A-106', { date: '2026-12-02', type: 'LONG', seriesId }),
      await reserve('A-106', { date: '2026-12-03', type: 'LONG', seriesId }),
    ];
    await enqueue(db, confirmationJob(first), time.clock());
    await server.app.jobs.runDue();
    const series = (await readMails(server.config.dataDir)).at(-1);
    expect(series?.text).toContain('Kérjük, jelentkezzen be 08:45 és 09:30 között');
    expect(series?.text).not.toContain('/ParkHere/check-in/');

    // A garage without check-in says nothing of it.
    const riverside = await reserve('B-002', { owner: 'admin@parkhere.example' });
    await enqueue(db, confirmationJob(riverside), time.clock());
    await server.app.jobs.runDue();
    expect((await readMails(server.config.dataDir)).at(-1)?.text).not.toMatch(/check in|bejelentkez/i);
  });

  it('tells a guest of a garage that checks in to report to the doorman within the window', async () => {
    await setLocale(db, 'user@parkhere.example', 'en-US');
    const guestOf = (email: string) => ({ name: 'Gina Guest', email, licensePlate: 'GST-031' });
    const toGuest = async (slot: string, email: string) => {
      const id = await reserve(slot, { type: 'GUEST', guest: guestOf(email) });
      await enqueue(db, guestMailJob(id, 'confirmation'), time.clock());
      await server.app.jobs.runDue();
      return (await readMails(server.config.dataDir)).filter((mail) => recipientsOf(mail).includes(email));
    };
    const [hq] = await toGuest('A-107', 'gina.hq@guest.example');
    expect(hq?.text).toContain(
      'When you arrive, please report to the doorman between 08:45 and 09:30: the doorman checks you in, or the slot is released.',
    );
    // The guest gets no check-in link: the doorman checks them in.
    expect(hq?.text).not.toContain('/ParkHere/check-in/');
    // A garage without check-in says nothing of a doorman.
    const [riverside] = await toGuest('B-003', 'gina.riverside@guest.example');
    expect(riverside?.text).toContain('reserved a parking slot for you');
    expect(riverside?.text).not.toMatch(/doorman|portán/);
  });

  it('shows the reservation on GET without changing it, and checks in on POST', async () => {
    await setLocale(db, 'user@parkhere.example', 'hu-HU');
    const id = await reserve('A-105');
    const link = await linkOf(id);
    time.set(at('08:50:00'));

    const page = await linkPageOf(await get(link), 200);
    expect(page).toContain('lang="hu"');
    expect(page).toContain('2026. 12. 01. (kedd)');
    expect(page).toContain('09:00 – 17:00');
    expect(page).toContain('A-105');
    expect(page).toContain('Megérkeztem');
    expect(page).not.toContain('<script');
    // A plain form posting to this very address: no script for the app's policy to refuse.
    expect(page).toContain('<form method="post">');
    // A mail scanner's prefetch (twice, even) changes nothing.
    await get(link);
    expect((await stored(id))?.checkedInAt).toBeNull();

    const done = await post(link);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Bejelentkezett');
    expect(await stored(id)).toMatchObject({ checkedInBy: 'mail-link', status: 'ACTIVE' });

    // A replay says so and changes nothing.
    time.set(at('09:10:00'));
    const replay = await post(link);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toContain('Már bejelentkezett');
    expect(new Date(String((await stored(id))?.checkedInAt)).toISOString()).toBe(
      new Date(at('08:50:00')).toISOString(),
    );
    expect(await (await get(link)).text()).toContain('Már bejelentkezett');
  });

  it('says when the window is not open yet, and stops working when it closes', async () => {
    await setLocale(db, 'user@parkhere.example', 'en-US');
    const id = await reserve('A-105', { start: '10:00', end: '12:00', reminder: '01:00:00' });
    const link = await linkOf(id, '09:00:00');
    // The reminder went out at 09:00, the window opens at 09:45.
    const early = await post(link);
    expect(early.status).toBe(422);
    expect(await early.text()).toContain('not opened yet');
    expect((await stored(id))?.checkedInAt).toBeNull();

    time.set(at('10:30:00'));
    // Past its window the link still names its reservation, so the page says the window closed instead of
    // calling the link invalid; nothing changes.
    await expectClosed(link);
    expect((await stored(id))?.checkedInAt).toBeNull();
  });

  /*
   * Issue 31: a change of the configured time zone keeps the wall clock of the reservations still to come and
   * moves their instants, and with them their check-in windows, after their mails went out. A link mailed before
   * follows the window as it is now, whichever way it moved. The database moves what is still to come by its own
   * clock (the machine's), so these are of June 2027, when 09:00 is 07:00Z in Budapest, 08:00Z in London and
   * 06:00Z in Helsinki; the window opens 15 minutes before the start and closes 30 after.
   */
  describe('mailed before a change of the time zone', () => {
    const BUTTON = '<form method="post"><button type="submit">I&#39;m here</button></form>';

    it('checks in until the window’s new close when the change moves it later, and not after', async () => {
      await setLocale(db, 'user@parkhere.example', 'en-US');
      await setLocale(db, 'quick@parkhere.example', 'en-US');
      time.set('2027-06-14T08:00:00Z');
      const arriving = await reserve('A-105', { date: '2027-06-15' });
      const missed = await reserve('A-106', { date: '2027-06-15', owner: 'quick@parkhere.example' });
      const arrivingLink = await confirmedLink(arriving);
      const missedLink = await confirmedLink(missed);
      await inTimeZone(admin, 'Europe/London', async () => {
        // Past the close the links were mailed with (07:30Z), inside the window as it is now (07:45Z-08:30Z).
        time.set('2027-06-15T07:50:00Z');
        const page = await linkPageOf(await get(arrivingLink), 200);
        expect(page).toContain('Check in between 08:45 and 09:30.');
        expect(page).toContain(BUTTON);
        const done = await post(arrivingLink);
        expect(done.status).toBe(200);
        expect(await done.text()).toContain('You are checked in');
        expect(await stored(arriving)).toMatchObject({ checkedInBy: 'mail-link', status: 'ACTIVE' });

        // From the new close on, the link checks nothing in.
        time.set('2027-06-15T08:30:00Z');
        await expectClosed(missedLink);
        expect((await stored(missed))?.checkedInAt).toBeNull();
      });
    });

    it('offers no check-in past the window’s new close when the change moves it earlier', async () => {
      await setLocale(db, 'user@parkhere.example', 'en-US');
      time.set('2027-06-14T08:00:00Z');
      const id = await reserve('A-105', { date: '2027-06-16' });
      const link = await confirmedLink(id);
      await inTimeZone(admin, 'Europe/Helsinki', async () => {
        time.set('2027-06-16T06:29:00Z');
        expect(await linkPageOf(await get(link), 200)).toContain(BUTTON);
        // The window now closes at 06:30Z, before the close the link was mailed with (07:30Z).
        time.set('2027-06-16T06:30:00Z');
        await expectClosed(link);
        expect((await stored(id))?.checkedInAt).toBeNull();
      });
    });
  });

  it('reads no body, so none is refused: any type, malformed or large, answers as the empty form does', async () => {
    const id = await reserve('A-105');
    const link = await linkOf(id);
    time.set(at('08:50:00'));
    const forged = `${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const bodies: [string, string][] = [
      ['application/json', '{'],
      ['multipart/form-data; boundary=y', '--x\r\nnot a part\r\n'],
      ['text/plain', 'x'.repeat(100_000)],
      ['application/x-sh', '#!/bin/sh'],
    ];
    for (const [type, body] of bodies) {
      // Fastify's parsers answered these with a 400 or 415 of its own JSON, on a route of HTML pages.
      const refused = await fetch(forged, { method: 'POST', headers: { 'content-type': type }, body });
      expect(refused.status, type).toBe(404);
      expect(refused.headers.get('content-type')).toContain('text/html');
      expect((await stored(id))?.checkedInAt).toBeNull();
    }
    const [type, body] = bodies[0] ?? ['', ''];
    const done = await fetch(link, { method: 'POST', headers: { 'content-type': type }, body });
    expect(done.status).toBe(200);
    expect(await stored(id)).toMatchObject({ checkedInBy: 'mail-link' });
  });

  it('refuses forged, other-purpose and garbled tokens, and a reservation no longer ACTIVE', async () => {
    const id = await reserve('A-105');
    const link = await linkOf(id);
    time.set(at('09:00:00'));
    const base = link.slice(0, link.lastIndexOf('/') + 1);
    const token = link.slice(base.length);
    const [, expiry = '', signature = ''] = token.split('.');

    const forgedSignature = `${base}${id}.${expiry}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    // Another reservation's id, or a later expiry, under the genuine signature.
    const otherReservation = `${base}${Number(id) + 1}.${expiry}.${signature}`;
    const longer = `${base}${id}.${(Number.parseInt(expiry, 36) + 3_600_000).toString(36)}.${signature}`;
    const tokens = createPurposeTokens(secret);
    const otherPurpose = `${base}${tokens.sign({ purpose: 'cancel', id, expiresAt: new Date(at('12:00:00')) })}`;
    for (const refused of [forgedSignature, otherReservation, longer, otherPurpose, `${base}x`]) {
      const answer = await post(refused);
      expect(answer.status, refused).toBe(404);
      expect(await answer.text()).toContain('<!DOCTYPE html>');
      expect((await get(refused)).status).toBe(404);
    }
    // The reservation's signed identifier, or a huge value: no token either, the same described 404 (the
    // router's own 414 for a long path parameter is no answer of this route).
    for (const refused of [`${base}${await signed(id)}`, `${base}${'a'.repeat(5000)}`]) {
      const answer = await post(refused);
      expect(answer.status, refused).toBe(404);
      expect(await answer.text()).toContain('<!DOCTYPE html>');
      expect((await get(refused)).status).toBe(404);
    }
    expect((await stored(id))?.checkedInAt).toBeNull();

    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ${id}`.execute(db);
    expect((await post(link)).status).toBe(422);
    expect((await get(link)).status).toBe(422);
    expect((await stored(id))?.checkedInAt).toBeNull();
  });
});

describe('garage check-in settings', () => {
  it('answers 400 at the field for a value out of 0..720, null or not an integer, never 500', async () => {
    const [garage] = await admin.json<Array<Record<string, unknown> & { __signedIdentifier: string }>>(
      '/services/Actor/parkingGarages/~list',
      { _seek: { limit: 1 } },
    );
    const update = (values: Record<string, unknown>) =>
      admin.post(
        '/services/ParkingGarageSettings/~update',
        { ...garage, ...values },
        withId(String(garage?.__signedIdentifier)),
      );
    for (const field of ['checkInGraceMinutes', 'checkInEarlyMinutes']) {
      for (const value of [-1, 721, null, 1e12, 1.5, 'abc', '']) {
        const response = await update({ [field]: value });
        expect(response.status, `${field} = ${String(value)}`).toBe(400);
        const items = (await response.json()) as Array<{ location: string }>;
        expect(
          items.map((item) => item.location),
          `${field} = ${String(value)}`,
        ).toContain(field);
      }
    }
    const accepted = await update({
      checkInRequired: true,
      checkInGraceMinutes: 720,
      checkInEarlyMinutes: 0,
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      checkInRequired: true,
      checkInGraceMinutes: 720,
      checkInEarlyMinutes: 0,
    });
  });
});
