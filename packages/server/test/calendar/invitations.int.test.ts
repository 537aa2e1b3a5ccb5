import { rmSync } from 'node:fs';
import type { CalendarFeedState } from '@parkhere/contract';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { noShowMailJob } from '../../src/modules/check-in/release-no-shows.ts';
import { enqueue } from '../../src/platform/jobs/queue.ts';
import { mailDirOf } from '../../src/platform/mail/mailer.ts';
import { plainName } from '../../src/platform/mail/plain-name.ts';
import { withId } from '../client.ts';
import { type CapturedMail, readMails } from '../jobs/inspect.ts';
import { type Entity, partiesOf, reserve } from '../reservations/forms.ts';
import { setLocale, workingDayAfter, worldOfFile } from '../world.ts';
import { invitationOf, type ParsedEvent, parseCalendar } from './ical.ts';

const USER = 'user@parkhere.example';
const ZONE = 'Europe/Budapest';

const { server, storage, user } = await worldOfFile({
  users: ['user'],
  jobs: { poll: false, retryBaseMs: 0 },
});
await setLocale(server.db, USER, 'en-US');
const day = await workingDayAfter(server, 3);
const host = new URL(server.url).hostname;

const runJobs = async () => {
  while ((await server.app.jobs.runDue()) > 0) {
    // until nothing is due
  }
};

/** The mails of one kind (X-ParkHere-Mail) sent since the folder was cleared. */
const mailsOf = async (kind: string): Promise<CapturedMail[]> =>
  (await readMails(storage.dataDir)).filter((mail) =>
    mail.headers.some((header) => header.key === 'x-parkhere-mail' && header.value === kind),
  );

const feedEventOf = async (id: string): Promise<ParsedEvent | undefined> => {
  const { url } = await user.json<CalendarFeedState>('/calendar-feed');
  const answer = await fetch(url ?? '');
  return parseCalendar(await answer.text()).events.find((event) => event.uid === `reservation-${id}@${host}`);
};

/**
 * The invitation of the jobs' mail of `kind` has `method` and a first event like `event`, whose SEQUENCE is the
 * one the feed serves for reservation `id`.
 */
const expectInvitation = async (kind: string, id: string, method: string, event: Record<string, unknown>) => {
  const [mail] = await mailsOf(kind);
  const invitation = invitationOf(mail);
  expect(invitation.method).toBe(method);
  expect(invitation.events[0]).toMatchObject(event);
  expect(invitation.events[0]?.sequence).toBe((await feedEventOf(id))?.sequence);
};

describe('mails carry the reservation as a calendar event', () => {
  beforeEach(() => {
    rmSync(mailDirOf(storage.dataDir), { recursive: true, force: true });
  });

  it('confirmation and modification REQUEST it, deletion CANCELs it, with the UID and SEQUENCE of the feed', async () => {
    const created = await reserve(user, 'A-110', day, '09:00:00', '10:00:00');
    await runJobs();
    const [confirmation] = await mailsOf('confirmation');
    const requested = invitationOf(confirmation);
    expect(requested.method).toBe('REQUEST');
    expect(requested.timeZones).toEqual([ZONE]);
    expect(requested.events).toHaveLength(1);
    const [event] = requested.events;
    const inFeed = await feedEventOf(created.__identifier);
    expect(event).toMatchObject({
      uid: `reservation-${created.__identifier}@${host}`,
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Parking: A-110 (HQ Garage)',
      location: 'HQ Garage, A-110',
      description: 'Type: Normal\nLicense plate: ABC-123',
      startZone: ZONE,
      startLocal: `${day}T09:00:00`,
      endLocal: `${day}T10:00:00`,
      organizer: 'mailto:parking@parkhere.example',
      attendee: `mailto:${USER}`,
    });
    expect({ ...event, stamp: undefined }).toEqual({
      ...inFeed,
      stamp: undefined,
      organizer: event?.organizer,
      attendee: event?.attendee,
    });

    const moved = await user.json<Entity>(
      '/services/UserReservation/modificateReservation',
      { startTime: '10:00:00', endTime: '11:30:00' },
      withId(created.__signedIdentifier),
    );
    await runJobs();
    // The moved event keeps its UID, at its new times.
    const movedEvent = { uid: event?.uid, startLocal: `${day}T10:00:00`, endLocal: `${day}T11:30:00` };
    await expectInvitation('modification', created.__identifier, 'REQUEST', {
      ...movedEvent,
      sequence: 1,
      status: 'CONFIRMED',
    });

    expect(
      (
        await user.post(
          '/services/UserReservation/deleteReservation',
          undefined,
          withId(moved.__signedIdentifier),
        )
      ).status,
    ).toBe(200);
    await runJobs();
    await expectInvitation('deletion', created.__identifier, 'CANCEL', {
      ...movedEvent,
      sequence: 2,
      status: 'CANCELLED',
    });
  });

  it('a release (no-show) CANCELs the event', async () => {
    const created = await reserve(user, 'A-111', day, '13:00:00', '14:00:00');
    await runJobs();
    // As the release job stores it (storeNoShows), with the mail it queues.
    await sql`UPDATE reservations SET reservation_status = 'NO_SHOW', version = version + 1
      WHERE id = ${created.__identifier}`.execute(server.db);
    await enqueue(server.db, noShowMailJob(created.__identifier), server.app.clock());
    await runJobs();
    await expectInvitation('no-show', created.__identifier, 'CANCEL', {
      uid: `reservation-${created.__identifier}@${host}`,
      sequence: 1,
      status: 'CANCELLED',
    });
  });

  /*
   * Issue 25 item 3: a guest name `Eve":MAILTO:attacker@evil.example` made Mozilla's parser read the attacker
   * as the attendee. Every user's text that reaches an invitation (the guest's and the owner's names, the
   * slot's and the garage's names) carries the same hostile payload here; both invitations must
   * still name exactly their recipient and the sender, with the texts as written.
   */
  it('hostile user, guest, slot and garage names add or change no property or parameter', async () => {
    const hostile = 'Eve":MAILTO:attacker@evil.example;ROLE=CHAIR,x\\y^';
    const own = await partiesOf(user, 'A-112');
    const [created] = await user.json<Entity[]>('/services/UserReservationPanel/reservation', {
      reservationType: 'GUEST',
      date: day,
      startTime: '15:00:00',
      endTime: '16:00:00',
      user: own.user,
      parkingSlot: own.parkingSlot,
      guestName: hostile,
      guestEmail: 'eve@guest.example',
      guestLicensePlate: 'EVE-1',
    });
    const slot = await sql<{ id: string; name: string; garageId: string; garage: string }>`
      SELECT s.id, s.name, g.id AS garage_id, g.name AS garage FROM reservations r
      JOIN parking_slots s ON s.id = r.parking_slot_id JOIN parking_garages g ON g.id = s.parking_garage_id
      WHERE r.id = ${created?.__identifier}`.execute(server.db);
    const before = slot.rows[0];
    const [owner] = (
      await sql<{ name: string }>`SELECT name FROM users WHERE email = ${USER}`.execute(server.db)
    ).rows;
    // A plate cannot carry it: the database's own check keeps plates to letters, digits and dashes.
    const rename = async (names: { slot: string; garage: string; owner: string }) => {
      await sql`UPDATE parking_slots SET name = ${names.slot} WHERE id = ${before?.id}`.execute(server.db);
      await sql`UPDATE parking_garages SET name = ${names.garage} WHERE id = ${before?.garageId}`.execute(
        server.db,
      );
      await sql`UPDATE users SET name = ${names.owner} WHERE email = ${USER}`.execute(server.db);
    };
    await rename({ slot: hostile, garage: hostile, owner: hostile });
    try {
      await runJobs();
    } finally {
      await rename({
        slot: before?.name ?? '',
        garage: before?.garage ?? '',
        owner: owner?.name ?? '',
      });
    }
    const [toOwner] = await mailsOf('confirmation');
    const [toGuest] = await mailsOf('guest-confirmation');
    // People's names reach a mail as names (plain-name.ts): the guest's as the guest's address line and the
    // description show it; the owner's own name addresses the owner as stored.
    const guestShown = plainName(hostile);
    for (const [mail, recipient, name] of [
      [toOwner, USER, hostile],
      [toGuest, 'eve@guest.example', guestShown],
    ] as const) {
      const file = mail?.attachments.find((attachment) => attachment.filename === 'invite.ics');
      const text = new TextDecoder().decode(file?.content as ArrayBuffer);
      const calendar = new ICAL.Component(ICAL.parse(text));
      const events = calendar.getAllSubcomponents('vevent');
      expect(events).toHaveLength(1);
      const vevent = events[0] as ICAL.Component;
      expect(
        vevent
          .getAllProperties()
          .map((property) => property.name)
          .sort(),
      ).toEqual([
        'attendee',
        'description',
        'dtend',
        'dtstamp',
        'dtstart',
        'location',
        'organizer',
        'sequence',
        'status',
        'summary',
        'uid',
      ]);
      const attendee = vevent.getFirstProperty('attendee');
      expect(String(attendee?.getFirstValue()).toLowerCase()).toBe(`mailto:${recipient}`);
      expect(Object.keys(attendee?.toJSON()[1] ?? {}).sort()).toEqual(['cn', 'partstat', 'role', 'rsvp']);
      expect(attendee?.getParameter('cn')).toBe(name.replace('\\', ''));
      expect(String(vevent.getFirstPropertyValue('organizer')).toLowerCase()).toBe(
        'mailto:parking@parkhere.example',
      );
      expect(vevent.getFirstPropertyValue('summary')).toContain(hostile);
      expect(vevent.getFirstPropertyValue('location')).toBe(`${hostile}, ${hostile}`);
      expect(vevent.getFirstPropertyValue('description')).toContain(
        `Guest: ${guestShown}\nLicense plate: EVE-1`,
      );
    }
  });
});
