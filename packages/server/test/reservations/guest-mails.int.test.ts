import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import LinkifyIt from 'linkify-it';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';
import { invitationOf } from '../calendar/ical.ts';
import { withId } from '../client.ts';
import { type CapturedMail, mailsTo as mailsIn, recipientsOf, runAllJobs } from '../jobs/inspect.ts';
import { setLocale, useDefaultTemplates, workingDayAfter, worldOfFile } from '../world.ts';
import { type Entity, partiesOf, reserveGuest as reserveGuestOf } from './forms.ts';

/*
 * Issues 14.28 and 16.3: a GUEST reservation's confirmation reaches its owner addressed to the owner, naming
 * the guest, and the guest gets their own mail (date, times, garage and slot, plate, who invited them) in the
 * owner's language; its changes and its deletion reach the guest too. The demo's own templates stay configured,
 * as a user of the demo meets them.
 */

const RESERVE = '/services/UserReservationPanel/reservation';
const OWNER = 'user@parkhere.example';

const { server, user, quick } = await worldOfFile({
  jobs: { poll: false, retryBaseMs: 0 },
  users: ['user', 'quick'],
});
const db = server.db;
const day = await workingDayAfter(server, 1);

const runAll = () => runAllJobs(server);

const reserveGuest = (slot: string, guest: { name: string; email: string; plate: string }) =>
  reserveGuestOf(user, slot, day, guest);

// linkify-it (markdown-it's auto-linker) stands in for a mail client that turns text into links.
const linkify = new LinkifyIt().tlds('example', true);

const mailsTo = (address: string) => mailsIn(server.config.dataDir, address);

/** What the guest notices of a mail: its subject, the language it declares, and lines its text says. */
const expectMailOf = (
  mail: CapturedMail | undefined,
  expected: { subject: RegExp; language: string; says: string[] },
) => {
  expect(mail?.subject).toMatch(expected.subject);
  expect(mail?.headers.find((header) => header.key === 'content-language')?.value).toBe(expected.language);
  for (const line of expected.says) {
    expect(mail?.text).toContain(line);
  }
};

describe('the mails of a GUEST reservation', () => {
  beforeEach(async () => {
    rmSync(mailDirOf(server.config.dataDir), { recursive: true, force: true });
    await sql`DELETE FROM jobs WHERE kind LIKE 'mail.%'`.execute(db);
  });

  it('address the owner by name and name the guest; the guest gets their own mail in English', async () => {
    await setLocale(db, OWNER, 'en-US');
    await reserveGuest('A-120', { name: 'Greta Guest', email: 'greta@guest.example', plate: 'gst-120' });
    await runAll();

    const [owner, ...moreToOwner] = await mailsTo(OWNER);
    expect(moreToOwner).toEqual([]);
    // The demo garage's configured template, greeting the recipient rather than the reserver (the guest).
    expect(owner?.html).toContain('Dear Ulrich User,');
    expect(owner?.html).not.toContain('Dear Greta');
    expect(owner?.text).toContain('for your guest Greta Guest');

    const [guest, ...moreToGuest] = await mailsTo('greta@guest.example');
    expect(moreToGuest).toEqual([]);
    expect(recipientsOf(guest as CapturedMail)).toEqual(['greta@guest.example']);
    expectMailOf(guest, {
      subject: /^A parking slot is waiting for you: .+ 09:00, HQ Garage$/,
      language: 'en-US',
      says: [
        'Dear Greta Guest,',
        'Ulrich User reserved a parking slot for you',
        'Time 09:00 – 12:00',
        'Garage HQ Garage',
        'Parking slot A-120 / -1 (HQ Garage)',
        'License plate GST-120',
        'Invited by Ulrich User',
      ],
    });
  });

  it('tells the guest of a change and of the deletion, each once', async () => {
    await setLocale(db, OWNER, 'en-US');
    const created = await reserveGuest('A-111', {
      name: 'Gus Guest',
      email: 'gus@guest.example',
      plate: 'GST-121',
    });
    await runAll();
    const modify = '/services/UserReservation/modificateReservation';
    const moved = await user.json<Entity>(
      modify,
      { startTime: '09:00:00', endTime: '10:30:00' },
      withId(created.__signedIdentifier),
    );
    await runAll();
    // Another user cannot touch it, and their attempt tells the guest nothing.
    expect(
      (
        await quick.post(
          modify,
          { startTime: '09:00:00', endTime: '11:00:00' },
          withId(moved.__signedIdentifier),
        )
      ).status,
    ).toBe(404);
    await runAll();
    const path = '/services/UserReservation/deleteReservation';
    expect((await user.post(path, undefined, withId(moved.__signedIdentifier))).status).toBe(200);
    await runAll();

    const subjects = (await mailsTo('gus@guest.example')).map((mail) => mail.subject ?? '');
    expect(subjects.map((subject) => subject.split(':')[0])).toEqual([
      'A parking slot is waiting for you',
      'Your parking was changed',
      'Your parking was cancelled',
    ]);
    const [made, changed, cancelled] = await mailsTo('gus@guest.example');
    expect(changed?.text).toContain('Time 09:00 – 10:30');
    expect(cancelled?.text).toContain('Ulrich User cancelled the parking reserved for you');
    // Each carries the owner's event (one UID), so the guest's calendar adds, moves and removes it (16.3).
    const [invited, moved2, removed] = [made, changed, cancelled].map(invitationOf);
    expect([invited?.method, moved2?.method, removed?.method]).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    const [ownerMade] = await mailsTo(OWNER);
    const uid = invitationOf(ownerMade).events[0]?.uid;
    expect(uid).toMatch(/^reservation-/);
    expect([invited, moved2, removed].map((calendar) => calendar?.events[0]?.uid)).toEqual([uid, uid, uid]);
    expect(invited?.events[0]?.attendee).toBe('mailto:gus@guest.example');
    expect(moved2?.events[0]?.endLocal.slice(11)).toBe('10:30:00');
    expect(removed?.events[0]?.status).toBe('CANCELLED');
    // The owner hears of each too, in their own mails.
    expect(await mailsTo(OWNER)).toHaveLength(3);
  });

  it('writes to the guest in the owner’s language: Hungarian by default', async () => {
    await setLocale(db, OWNER, 'hu-HU');
    // The built-in texts this time, as a garage without its own template sends them.
    await useDefaultTemplates(db);
    await reserveGuest('A-112', { name: 'Vendég Vera', email: 'vera@guest.example', plate: 'VRA-122' });
    await runAll();
    const [guest] = await mailsTo('vera@guest.example');
    expectMailOf(guest, {
      subject: /^Parkolóhely várja: \d{4}\. \d{2}\. \d{2}\. \(\p{L}+\) 09:00, HQ Garage$/u,
      language: 'hu-HU',
      says: [
        'Kedves Vendég Vera!',
        'Ulrich User parkolóhelyet foglalt Önnek',
        'Rendszám VRA-122',
        'Meghívó Ulrich User',
      ],
    });
    const [owner] = await mailsTo(OWNER);
    expect(owner?.text).toContain('Kedves Ulrich User!');
    expect(owner?.text).toContain('Vendége, Vendég Vera (vera@guest.example) külön levelet kap erről.');
  });

  it('escapes what the owner typed, and sends no guest mail for other types', async () => {
    await setLocale(db, OWNER, 'en-US');
    await reserveGuest('A-113', {
      name: '<img src=x onerror=alert(1)>',
      email: 'eve@guest.example',
      plate: 'EVE-123',
    });
    const own = await partiesOf(user, 'A-114');
    await user.json(RESERVE, {
      reservationType: 'NORMAL',
      date: day,
      startTime: '13:00:00',
      endTime: '14:00:00',
      user: own.user,
      car: own.car,
      parkingSlot: own.parkingSlot,
    });
    await runAll();
    const [guest] = await mailsTo('eve@guest.example');
    expect(guest?.html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(guest?.html).not.toContain('<img src=x');
    const guestJobs = await sql<{ payload: { reservationId: string } }>`SELECT payload FROM jobs
      WHERE kind = 'mail.guest'`.execute(db);
    expect(guestJobs.rows).toHaveLength(1);
    expect(await mailsTo(OWNER)).toHaveLength(2);
  });
  it('shows a guest name that spells a link as a name, never a link, and at most 80 characters', async () => {
    await setLocale(db, OWNER, 'en-US');
    const phishing = `Eve https://evil.example/login www.evil.example ${'x'.repeat(200)}`;
    await reserveGuest('A-115', { name: phishing, email: 'eve2@guest.example', plate: 'EVE-124' });
    await runAll();
    const [guest] = await mailsTo('eve2@guest.example');
    const [owner] = await mailsTo(OWNER);
    const shown = [
      guest?.text,
      guest?.html,
      owner?.text,
      owner?.html,
      invitationOf(guest).events[0]?.description,
    ];
    for (const text of shown) {
      expect(text).toContain('Eve https\uA789\u2215\u2215evil\u2024example');
      // No link to the guest's address in any part a mail client would link.
      const links = linkify.match(text ?? '') ?? [];
      expect(links.filter((link) => link.url.includes('evil'))).toEqual([]);
      expect(text).not.toContain('x'.repeat(80));
    }
    expect(recipientsOf(guest as CapturedMail)).toEqual(['eve2@guest.example']);
  });
});
