import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { conductDraw } from '../../src/modules/draw/conduct-draw.ts';
import { mailLimitsOf } from '../../src/platform/mail/mail-limits.ts';
import { type Answer, type Client, withId } from '../client.ts';
import { onlySlots } from '../waitlist/waitlist.ts';
import { movableClock, seedDrawRequest, seedReservation, worldOfFile } from '../world.ts';
import { drawInHqOnly, seedLostDraw } from './seed-draw.ts';

/*
 * [Fair share 2] The administrators' side of the draw, over HTTP: the draws listed, filtered and paged, each
 * with what it took and decided; the replay; the need-based priorities. HQ Garage draws Wednesday 2026-12-09
 * (cut-off Monday the 7th at 14:00, Budapest) for six drivers on two slots; Riverside Garage has a recorded
 * draw of its own on Tuesday the 8th. Nobody but an administrator reads any of it.
 */
const WED = '2026-12-09';
const TUE = '2026-12-08';
const DRIVERS = Array.from({ length: 6 }, (_, index) => `driver${index + 1}@parkhere.example`);
const [, , PRIORITISED] = DRIVERS as [string, string, string];

const time = movableClock('2026-12-07T08:00:00+01:00');
const world = await worldOfFile({
  users: ['admin', 'user', 'quick', 'doorman'],
  clock: time.clock,
  jobs: { poll: false },
});
const { admin, user, quick, doorman, db, server } = world;

type Entity = Record<string, unknown> & { __signedIdentifier: string; __identifier: string };

await onlySlots(db, ['A-103', 'A-104']);
await drawInHqOnly(db, DRIVERS);

const panel = await admin.json<Entity>('/services/Actor/reservationsAccess/~get', {});
const listDraws = (caller: Client, body: unknown = {}): Promise<Answer> =>
  caller.answer({
    method: 'POST',
    path: '/services/ReservationsPanel/draws/~list',
    body,
    headers: withId(panel.__signedIdentifier),
  });
const draws = async (body: unknown = {}) => {
  const answer = await listDraws(admin, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Entity[];
};
const entriesOf = (draw: Entity, caller: Client = admin) =>
  caller.answer({
    method: 'POST',
    path: '/services/Draw/entries/~list',
    body: {},
    headers: withId(draw.__signedIdentifier),
  });
const replay = (draw: Entity, caller: Client = admin) =>
  caller.answer({ method: 'POST', path: '/services/Draw/replay', headers: withId(draw.__signedIdentifier) });

const userSettingsOf = async (email: string) =>
  (
    await admin.json<Entity[]>('/services/Actor/users/~list', {
      email: [{ operator: 'equal', value: email }],
    })
  )[0] as Entity;
const priorities = (owner: Entity, caller: Client = admin) =>
  caller.answer({
    method: 'POST',
    path: '/services/UserSettings/drawPriorities/~list',
    body: {},
    headers: withId(owner.__signedIdentifier),
  });
const givePriority = (owner: Entity, body: unknown, caller: Client = admin) =>
  caller.answer({
    method: 'POST',
    path: '/services/UserSettings/createDrawPriority',
    body,
    headers: withId(owner.__signedIdentifier),
  });

const counts = async () =>
  (
    await sql<{ reservations: number; waiting: number; requests: string; draws: string }>`SELECT
        (SELECT count(*)::int FROM reservations) AS reservations,
        (SELECT count(*)::int FROM waitlist_entries) AS waiting,
        (SELECT string_agg(id::text || draw_status::text || version::text, ',' ORDER BY id) FROM draw_requests) AS requests,
        (SELECT string_agg(id::text || seed::text || outcome::text, ',' ORDER BY id) FROM draws) AS draws`.execute(
      db,
    )
  ).rows[0];

describe('need-based priorities', () => {
  it('administrators give, list, change and take back a priority; a user holds a category once', async () => {
    const owner = await userSettingsOf(PRIORITISED);
    const given = await givePriority(owner, { category: 'ACCESSIBILITY', expires: WED });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ category: 'ACCESSIBILITY', expires: WED });
    const carpool = await givePriority(owner, { category: 'CARPOOL', expires: '2026-12-31' });
    expect(carpool.status).toBe(200);
    const again = await givePriority(owner, { category: 'ACCESSIBILITY', expires: '2027-01-31' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject([{ code: 'UNIQUE_CONSTRAINT_VIOLATED', location: 'category' }]);
    const listed = (await priorities(owner)).body as Entity[];
    expect(listed.map((each) => [each.category, each.expires])).toEqual([
      ['ACCESSIBILITY', WED],
      ['CARPOOL', '2026-12-31'],
    ]);
    const [, second] = listed as [Entity, Entity];
    const changed = await admin.answer({
      method: 'POST',
      path: '/services/DrawPriority/~update',
      body: { ...second, expires: '2027-02-28' },
      headers: withId(second.__signedIdentifier),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ category: 'CARPOOL', expires: '2027-02-28' });
    const removed = await admin.answer({
      method: 'POST',
      path: '/services/DrawPriority/~delete',
      headers: withId((changed.body as Entity).__signedIdentifier),
    });
    expect(removed.status).toBe(200);
    expect(((await priorities(owner)).body as Entity[]).map((each) => each.category)).toEqual([
      'ACCESSIBILITY',
    ]);
  });

  it('refuses an unknown category, a missing or malformed expiry and a huge value, changing nothing', async () => {
    const owner = await userSettingsOf(PRIORITISED);
    const before = (await priorities(owner)).body;
    for (const [body, location] of [
      [{ category: 'diabetes', expires: WED }, 'category'],
      [{ category: '', expires: WED }, 'category'],
      [{ category: 'MEDICAL' }, 'expires'],
      [{ category: 'MEDICAL', expires: '' }, 'expires'],
      [{ category: 'MEDICAL', expires: '2026-02-30' }, 'expires'],
      [{ category: 'x'.repeat(100_000), expires: WED }, 'category'],
      // Expired yesterday (today is Monday the 7th): it would never weigh in a draw.
      [{ category: 'MEDICAL', expires: '2026-12-06' }, 'expires'],
    ] as const) {
      const refused = await givePriority(owner, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((refused.body as { location: string }[]).map((error) => error.location)).toContain(location);
    }
    // A change is held to the list as well, in any spelling but the contract's.
    const [held] = before as Entity[];
    for (const category of ['accessibility', 'DIABETES']) {
      const changed = await admin.answer({
        method: 'POST',
        path: '/services/DrawPriority/~update',
        body: { ...held, category },
        headers: withId(String(held?.__signedIdentifier)),
      });
      expect(changed.status, category).toBe(400);
      expect((changed.body as { location: string }[]).map((error) => error.location)).toContain('category');
    }
    const expired = await admin.answer({
      method: 'POST',
      path: '/services/DrawPriority/~update',
      body: { ...held, expires: '2026-12-06' },
      headers: withId(String(held?.__signedIdentifier)),
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject([
      { code: 'DATE_IN_THE_PAST', location: 'expires', details: { min: '2026-12-07' } },
    ]);
    expect((await priorities(owner)).body).toEqual(before);
  });

  it('is administrators’ only: users and doormen are refused, and no answer of theirs names one', async () => {
    const owner = await userSettingsOf(PRIORITISED);
    const [held] = (await priorities(owner)).body as Entity[];
    for (const caller of [user, quick, doorman]) {
      expect((await priorities(owner, caller)).status).toBe(403);
      expect((await givePriority(owner, { category: 'MEDICAL', expires: WED }, caller)).status).toBe(403);
      for (const call of ['~get', '~update', '~delete'] as const) {
        const answer = await caller.answer({
          method: 'POST',
          path: `/services/DrawPriority/${call}`,
          body: call === '~delete' ? undefined : {},
          headers: withId(String(held?.__signedIdentifier)),
        });
        expect(answer.status).toBe(403);
        expect(JSON.stringify(answer.body)).not.toContain('ACCESSIBILITY');
      }
    }
    expect(((await priorities(owner)).body as Entity[]).map((each) => each.category)).toEqual([
      'ACCESSIBILITY',
    ]);
  });
});

describe('the administrators’ draws', () => {
  let hq: Entity;
  let riverside: Entity;

  it('lists each draw that ran with its counts, the latest day first; one not yet run is not listed', async () => {
    for (const owner of DRIVERS) {
      await seedDrawRequest(db, { owner, garage: 'HQ Garage', date: WED, start: '09:00', end: '17:00' });
    }
    await seedLostDraw(db, {
      garage: 'Riverside Garage',
      date: TUE,
      owners: ['user@parkhere.example', 'quick@parkhere.example'],
    });
    // A seed stored by a draw that crashed: nothing ran, nothing to show.
    await sql`INSERT INTO draws (parking_garage_id, date, seed)
      SELECT id, '2026-12-10'::date, 5 FROM parking_garages WHERE name = 'HQ Garage'`.execute(db);
    time.set('2026-12-07T14:00:30+01:00');
    const garage = await sql<{ id: string }>`SELECT id::text AS id FROM parking_garages
      WHERE name = 'HQ Garage'`.execute(db);
    await conductDraw(
      db,
      { garageId: String(garage.rows[0]?.id), date: WED, fairnessWeeks: 8 },
      { now: time.clock(), stamp: { actor: 'system:test' }, mailLimits: mailLimitsOf(server.config) },
    );
    const listed = await draws();
    expect(listed.map((draw) => [draw.date, draw.parkingGarageName])).toEqual([
      [WED, 'HQ Garage'],
      [TUE, 'Riverside Garage'],
    ]);
    [hq, riverside] = listed as [Entity, Entity];
    expect(hq).toMatchObject({
      requestCount: 6,
      winnerCount: 2,
      slotCount: 2,
      waitingCount: 4,
    });
    expect(Date.parse(String(hq.ranAt))).toBe(Date.parse('2026-12-07T14:00:30+01:00'));
    expect(typeof hq.seed).toBe('number');
    expect(riverside).toMatchObject({ requestCount: 2, winnerCount: 0, slotCount: 0, waitingCount: 0 });
  });

  it('shows what a draw took and decided: weights, the priority, preferred and won slots, the waitlist', async () => {
    const answer = await entriesOf(hq);
    expect(answer.status).toBe(200);
    const entries = answer.body as Entity[];
    expect(entries.map((entry) => entry.place)).toEqual([1, 2, 3, 4, 5, 6]);
    // The priority holder is drawn first and wins.
    expect(entries[0]).toMatchObject({
      userEmail: PRIORITISED,
      userName: 'Driver 3',
      priority: 'ACCESSIBILITY',
      weight: '1.00',
      mayReserve: true,
      result: 'WON',
      waitlisted: false,
      date: WED,
      startTime: '09:00:00',
      endTime: '17:00:00',
    });
    expect(entries.slice(0, 2).map((entry) => entry.result)).toEqual(['WON', 'WON']);
    expect(
      entries
        .slice(0, 2)
        .map((entry) => entry.slotName)
        .sort(),
    ).toEqual(
      (
        await sql<{ name: string }>`SELECT s.aggregared_name AS name FROM reservations r
          JOIN parking_slots s ON s.id = r.parking_slot_id WHERE r.date = ${WED}::date`.execute(db)
      ).rows
        .map((row) => row.name)
        .sort(),
    );
    expect(entries.slice(2).every((entry) => entry.result === 'LOST' && entry.slotName === null)).toBe(true);
    expect(entries.slice(2).every((entry) => entry.waitlisted === true && entry.priority === null)).toBe(
      true,
    );
    // The losers wait in the order the draw shows them.
    const waiting = await sql<{ email: string }>`SELECT u.email FROM waitlist_entries w
      JOIN users u ON u.id = w.user_id WHERE w.date = ${WED}::date ORDER BY w.rank, w.id`.execute(db);
    expect(waiting.rows.map((row) => row.email)).toEqual(entries.slice(2).map((entry) => entry.userEmail));
    // Another garage's draw shows its own requests only.
    const theirs = (await entriesOf(riverside)).body as Entity[];
    expect(theirs.map((entry) => [entry.userEmail, entry.result, entry.place])).toEqual([
      ['user@parkhere.example', 'LOST', 1],
      ['quick@parkhere.example', 'LOST', 2],
    ]);
  });

  it('filters by garage and date range and pages by keyset, in SQL', async () => {
    const byGarage = await draws({ parkingGarageName: [{ operator: 'equal', value: 'Riverside Garage' }] });
    expect(byGarage.map((draw) => draw.date)).toEqual([TUE]);
    const inRange = await draws({
      date: [
        { operator: 'greaterOrEqual', value: '2026-12-09' },
        { operator: 'lessOrEqual', value: '2026-12-31' },
      ],
    });
    expect(inRange.map((draw) => draw.parkingGarageName)).toEqual(['HQ Garage']);
    expect(await draws({ date: [{ operator: 'lessThan', value: '2026-12-01' }] })).toEqual([]);
    const first = await draws({ _seek: { limit: 1 } });
    expect(first.map((draw) => draw.date)).toEqual([WED]);
    const next = await draws({ _seek: { limit: 1, lastItem: first[0] } });
    expect(next.map((draw) => draw.date)).toEqual([TUE]);
    expect(await draws({ _seek: { limit: 1, lastItem: next[0] } })).toEqual([]);
  });

  it('refuses bad filters and paging with a 400 naming the place', async () => {
    for (const [body, location] of [
      [{ date: [{ operator: 'equal', value: 'next tuesday' }] }, 'date[0].value'],
      [{ date: [{ operator: 'equal', value: '' }] }, 'date[0].value'],
      [{ date: [{ operator: 'near', value: WED }] }, 'date[0].operator'],
      [{ seed: [{ operator: 'equal', value: 'x'.repeat(100_000) }] }, 'seed[0].value'],
      [
        { parkingGarageName: [{ operator: 'equal', value: 'x'.repeat(100_000) }] },
        'parkingGarageName[0].value',
      ],
      [{ _seek: { limit: -1 } }, '_seek.limit'],
      [{ _seek: { limit: 1, lastItem: { date: 'yesterday' } } }, '_seek.lastItem'],
    ] as const) {
      const refused = await listDraws(admin, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(location);
    }
  });

  it('replays a draw to the same outcome from its stored inputs and seed, changing nothing', async () => {
    const before = await counts();
    const answer = await replay(hq);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const replayed = answer.body as { sameOutcome: boolean; entries: Entity[] };
    expect(replayed.sameOutcome).toBe(true);
    const recorded = (await entriesOf(hq)).body as Entity[];
    expect(
      replayed.entries.map((entry) => [
        entry.userEmail,
        entry.result,
        entry.slotName,
        entry.place,
        entry.same,
      ]),
    ).toEqual(recorded.map((entry) => [entry.userEmail, entry.result, entry.slotName, entry.place, true]));
    expect(replayed.entries.every((entry) => entry.recordedResult === entry.result)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('still replays to the same outcome after the reservations, priorities and slots changed since', async () => {
    // The winners' reservations are cancelled, the priority taken back, a slot switched off, a visitor booked.
    await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE date = ${WED}::date`.execute(db);
    await sql`DELETE FROM draw_priorities`.execute(db);
    await sql`UPDATE parking_slots SET is_active = false WHERE name = 'A-104'`.execute(db);
    await seedReservation(db, {
      owner: 'admin@parkhere.example',
      slot: 'A-103',
      date: WED,
      start: '08:00',
      end: '18:00',
    });
    const before = await counts();
    const replayed = (await replay(hq)).body as { sameOutcome: boolean; entries: Entity[] };
    expect(replayed.sameOutcome).toBe(true);
    expect(replayed.entries[0]).toMatchObject({ userEmail: PRIORITISED, result: 'WON', same: true });
    expect(await counts()).toEqual(before);
  });

  it('shows the difference when the record no longer matches what its inputs and seed give', async () => {
    const stored = await sql<{ outcome: { winners: { slotId: string }[] } }>`SELECT outcome FROM draws
      WHERE date = ${WED}::date AND ran_at IS NOT NULL`.execute(db);
    const winners = stored.rows[0]?.outcome.winners ?? [];
    const [a, b] = winners.map((winner) => winner.slotId);
    // The two winners' slots swapped in the record, as a tampered or buggy record would have them.
    const swapped = winners.map((winner, index) => ({ ...winner, slotId: index === 0 ? b : a }));
    await sql`UPDATE draws SET outcome = jsonb_set(outcome, '{winners}', ${JSON.stringify(swapped)}::jsonb)
      WHERE date = ${WED}::date AND ran_at IS NOT NULL`.execute(db);
    const replayed = (await replay(hq)).body as { sameOutcome: boolean; entries: Entity[] };
    expect(replayed.sameOutcome).toBe(false);
    expect(replayed.entries.map((entry) => entry.same)).toEqual([false, false, true, true, true, true]);
    expect(replayed.entries[0]?.slotName).toBe(replayed.entries[1]?.recordedSlotName);
  });

  it('is refused to users and doormen outright, whichever identifier they present', async () => {
    const [entry] = (await entriesOf(hq)).body as Entity[];
    for (const caller of [user, quick, doorman]) {
      const calls: Answer[] = [
        await caller.answer({ method: 'POST', path: '/services/Actor/reservationsAccess/~get', body: {} }),
        await listDraws(caller),
        await caller.answer({
          method: 'POST',
          path: '/services/Draw/~get',
          body: {},
          headers: withId(hq.__signedIdentifier),
        }),
        await entriesOf(hq, caller),
        await replay(hq, caller),
        await caller.answer({
          method: 'POST',
          path: '/services/DrawEntry/~get',
          body: {},
          headers: withId(String(entry?.__signedIdentifier)),
        }),
      ];
      for (const answer of calls) {
        expect(answer.status).toBe(403);
        expect(JSON.stringify(answer.body)).not.toMatch(/Driver|ACCESSIBILITY|HQ Garage/);
      }
    }
    // Their own requests, as they read them, carry no weight, priority or place.
    const own = await user.json<Entity>('/services/Actor/userReservationPanel/~get', {});
    const requests = await user.json<Entity[]>(
      '/services/UserReservationPanel/drawRequests/~list',
      {},
      withId(own.__signedIdentifier),
    );
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(Object.keys(request)).not.toEqual(expect.arrayContaining(['weight']));
      expect(Object.keys(request)).not.toContain('priority');
    }
  });

  it('refuses forged and mismatched identifiers without a 500', async () => {
    const own = await user.json<Entity>('/services/Actor/userReservationPanel/~get', {});
    const [request] = await user.json<Entity[]>(
      '/services/UserReservationPanel/drawRequests/~list',
      {},
      withId(own.__signedIdentifier),
    );
    const tampered = `${hq.__signedIdentifier.slice(0, -2)}${hq.__signedIdentifier.endsWith('A') ? 'BB' : 'AA'}`;
    for (const signed of [
      String(request?.__signedIdentifier),
      panel.__signedIdentifier,
      tampered,
      'not-an-identifier',
      '',
      'x'.repeat(20_000),
    ]) {
      const answer = await admin.answer({
        method: 'POST',
        path: '/services/Draw/replay',
        headers: withId(signed),
      });
      // 431: a header too large for the server to read at all.
      expect([400, 404, 431]).toContain(answer.status);
    }
    // A draw's identifier is no priority's, and no priority's is a draw's.
    const owner = await userSettingsOf('user@parkhere.example');
    const asPriority = await admin.answer({
      method: 'POST',
      path: '/services/DrawPriority/~delete',
      headers: withId(hq.__signedIdentifier),
    });
    expect([400, 404]).toContain(asPriority.status);
    const asOwner = await givePriority(hq, { category: 'MEDICAL', expires: WED });
    expect([400, 404]).toContain(asOwner.status);
    expect((await priorities(owner)).body).toEqual([]);
    expect(await draws()).toHaveLength(2);
  });

  it('keeps priorities and their holders out of the logs', () => {
    expect(server.logs.join('\n')).not.toMatch(/ACCESSIBILITY|CARPOOL|MEDICAL/);
  });
});
