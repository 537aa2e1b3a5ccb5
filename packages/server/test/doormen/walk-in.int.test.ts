import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Client, withId } from '../client.ts';
import { movableClock, worldOfFile } from '../world.ts';

/*
 * Issue 31 §3, a walk-in guest: DoormanArrivals.recordWalkIn makes a GUEST reservation of the doorman for a
 * free slot of their garage, from the current minute to the end of today or a chosen end, checked in at once.
 * The demo doorman guards HQ Garage; "porter" guards Riverside Garage only.
 */

// Tuesday 2026-12-01, 10:00 in Budapest (UTC+1).
const DAY = '2026-12-01';
const at = (time: string) => `${DAY}T${time}+01:00`;
const time = movableClock(at('10:00:00'));

const { server, doorman, porter, user, admin } = await worldOfFile({
  clock: time.clock,
  jobs: { poll: false, retryBaseMs: 0 },
  users: ['doorman', 'porter', 'user', 'admin'],
});
const db = server.db;
const RECORD = '/services/DoormanArrivals/recordWalkIn';
const RANGE = '/services/WalkInInput/parkingSlot/~range';

await sql`WITH d AS (INSERT INTO doormen (name, email) VALUES ('Paul Porter', 'porter@parkhere.example') RETURNING id)
  INSERT INTO doorman_garages (doorman_id, parking_garage_id)
  SELECT d.id, g.id FROM d, parking_garages g WHERE g.name = 'Riverside Garage'`.execute(db);

type Slot = { __signedIdentifier: string; aggregaredName: string };

/** The caller's arrivals panel, whose signed identifier the operation is bound to. */
const panelOf = async (caller: Client) =>
  (
    await caller.json<{ __signedIdentifier: string }>('/services/Actor/doormanArrivals/~get', {
      _mask: '{date}',
    })
  ).__signedIdentifier;

const freeSlots = (caller: Client, draft: Record<string, unknown> = {}) =>
  caller.json<Slot[]>(RANGE, { owner: draft, queryCustomizer: { _mask: '{aggregaredName}' } });

const record = async (caller: Client, body: Record<string, unknown>, panel?: string) => {
  const response = await caller.post(RECORD, body, withId(panel ?? (await panelOf(caller))));
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
};

const reservationCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM reservations`.execute(db)).rows[0]?.n);

beforeEach(async () => {
  time.set(at('10:00:00'));
  await sql`DELETE FROM reservations`.execute(db);
});

describe('DoormanArrivals.recordWalkIn', () => {
  it('records a guest into a free slot of the doorman’s garage until the end of the day, checked in at once', async () => {
    const offered = await freeSlots(doorman);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((slot) => slot.aggregaredName.includes('(HQ Garage)'))).toBe(true);
    const [slot, other] = offered;

    const walkIn = await record(doorman, {
      guestName: '  Walter Walk ',
      guestLicensePlate: 'wlk-123',
      parkingSlot: slot,
    });
    expect(walkIn.status).toBe(200);
    expect(walkIn.body).toMatchObject({
      date: DAY,
      startTime: '10:00:00',
      endTime: '23:59:00',
      reservationType: 'GUEST',
      reservationStatus: 'ACTIVE',
      reserverName: 'Walter Walk',
      reserverCarId: 'WLK-123',
      isGuest: true,
    });
    expect(walkIn.body.checkedInAt).not.toBeNull();

    // A chosen end; the slot just taken is no longer offered.
    time.set(at('10:07:42'));
    const later = await freeSlots(doorman, { endTime: '12:00:00' });
    expect(later.map((free) => free.aggregaredName)).not.toContain(slot?.aggregaredName);
    const short = await record(doorman, {
      guestName: 'Sue Short',
      guestLicensePlate: 'SUE-001',
      endTime: '12:00:00',
      parkingSlot: other,
    });
    expect(short.body).toMatchObject({
      startTime: '10:07:00',
      endTime: '12:00:00',
      reserverName: 'Sue Short',
    });

    // Both are among the doorman's arrivals of today, checked in.
    const { arrivals } = await doorman.json<{
      arrivals: Array<{ reserverName: string; checkedInAt: string | null }>;
    }>('/services/Actor/doormanArrivals/~get', { _mask: '{arrivals{reserverName,checkedInAt}}' });
    const walkIns = arrivals.filter((arrival) => ['Walter Walk', 'Sue Short'].includes(arrival.reserverName));
    expect(walkIns).toHaveLength(2);
    expect(walkIns.every((arrival) => arrival.checkedInAt !== null)).toBe(true);
  });

  it('refuses another garage’s slot, a taken slot and bad input with a specific answer, storing nothing', async () => {
    const [slot] = await freeSlots(doorman);
    const [riverside] = await freeSlots(porter);
    expect(riverside?.aggregaredName).toContain('(Riverside Garage)');
    const guest = { guestName: 'Gina Gate', guestLicensePlate: 'GIN-100' };
    expect((await record(doorman, { ...guest, parkingSlot: slot })).status).toBe(200);
    const stored = await reservationCount();

    const refusals: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ ...guest, parkingSlot: riverside }, 400, 'NOT_ACCEPTED_BY_RANGE', 'parkingSlot'],
      [{ ...guest, guestLicensePlate: 'GIN-101', parkingSlot: slot }, 409, 'SLOT_ALREADY_RESERVED'],
      [
        { ...guest, guestName: '   ', parkingSlot: riverside },
        400,
        'MISSING_REQUIRED_ATTRIBUTE',
        'guestName',
      ],
      [
        { ...guest, guestName: 'x'.repeat(100_000), parkingSlot: slot },
        400,
        'MAX_LENGTH_VALIDATION_FAILED',
        'guestName',
      ],
      [
        { ...guest, guestLicensePlate: 'A'.repeat(5_000), parkingSlot: slot },
        400,
        'MAX_LENGTH_VALIDATION_FAILED',
      ],
      [{ ...guest, guestLicensePlate: 'ÁBC-123', parkingSlot: slot }, 400, 'PATTERN_VALIDATION_FAILED'],
      [{ ...guest, endTime: '99:99:99', parkingSlot: slot }, 400, 'CONVERSION_FAILED', 'endTime'],
      [{ ...guest, endTime: '10:10:00', parkingSlot: slot }, 400, 'SHORTER_THAN_MINIMUM', 'endTime'],
      [{ ...guest, endTime: '09:00:00', parkingSlot: slot }, 400, 'END_NOT_AFTER_START', 'endTime'],
      [{ ...guest }, 400, 'MISSING_REQUIRED_ATTRIBUTE', 'parkingSlot'],
    ];
    for (const [body, status, code, location] of refusals) {
      const answer = await record(doorman, body);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
      const items = Array.isArray(answer.body) ? answer.body : [answer.body];
      expect(items, `${code} ${JSON.stringify(answer.body).slice(0, 300)}`).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code, ...(location === undefined ? {} : { location }) }),
        ]),
      );
    }
    expect(await reservationCount()).toBe(stored);
  });

  it('answers 403 to a caller who is no doorman, and nothing changes', async () => {
    const panel = await panelOf(doorman);
    const [slot] = await freeSlots(doorman);
    const body = { guestName: 'Ursula User', guestLicensePlate: 'USR-001', parkingSlot: slot };
    const refused = await record(user, body, panel);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await user.post(RANGE, { owner: {}, queryCustomizer: {} })).status).toBe(403);
    expect(await reservationCount()).toBe(0);
    // An administrator stands in for any doorman.
    expect((await record(admin, body)).status).toBe(200);
  });
});
