import type { CalendarFeedState } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type ParsedEvent, parseCalendar } from '../calendar/ical.ts';
import { type Client, clientFor, withId } from '../client.ts';
import { mailsTo, runAllJobs } from '../jobs/inspect.ts';
import type { Entity } from '../reservations/forms.ts';
import { onlySlots } from '../waitlist/waitlist.ts';
import { useDefaultTemplates } from '../world.ts';
import { drawWorldOfFile, FRI, REQUEST, requestBody, THU, WED } from './draw-week.ts';
import { drawInHqOnly } from './seed-draw.ts';

/*
 * [Fair share 2] What a draw's requesters live with, through HTTP: their calendar feed before and after the
 * draw, the winner's mail where the garage needs check-in, and a won slot given back to the losers in draw
 * order. HQ Garage draws (cut-off 14:00 two working days before the day), narrowed to one slot, A-103; four
 * drivers request each day. The clock stands on Monday 2026-12-07 at 08:00 in Budapest.
 */
const { server, time } = await drawWorldOfFile();
const db = server.db;
const LOGINS = ['driver1', 'driver2', 'driver3', 'driver4'];
const emailOf = (login: string) => `${login}@parkhere.example`;
await useDefaultTemplates(db);
await onlySlots(db, ['A-103']);
await drawInHqOnly(db, LOGINS.map(emailOf));
const drivers = new Map<string, Client>();
for (const login of LOGINS) {
  drivers.set(emailOf(login), await clientFor(server, login));
}
const driverOf = (email: string): Client => drivers.get(email) as Client;
const host = new URL(server.url).hostname;
const cutoffOf = (day: string) => `${day}T14:00:30+01:00`;

/**
 * The day's seed, stored before the cut-off as the draw's first step would: fixed, so that who wins each day,
 * and so everybody's weight on the next, is the same in every run.
 */
const fixSeed = (date: string, seed: number) =>
  sql`INSERT INTO draws (parking_garage_id, date, seed)
    SELECT id, ${date}::date, ${seed} FROM parking_garages WHERE name = 'HQ Garage'`.execute(db);

/** Every driver requests the day, in the order listed, through requestDraw. */
const requestAll = async (date: string) => {
  for (const driver of drivers.values()) {
    const answer = await driver.post(REQUEST, await requestBody(driver, date));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
};

/** The day's requests by owner, in id order (the order they were made), with what the draw made of each. */
const resultsOf = async (date: string) =>
  (
    await sql<{ id: string; owner: string; status: string; reservationId: string | null }>`SELECT
        q.id::text AS id, u.email AS owner, q.draw_status AS status, q.reservation_id::text AS reservation_id
      FROM draw_requests q JOIN users u ON u.id = q.user_id WHERE q.date = ${date}::date ORDER BY q.id`.execute(
      db,
    )
  ).rows;

/** The events of the caller's calendar feed, fetched by its address as a calendar client would. */
const feedOf = async (caller: Client): Promise<ParsedEvent[]> => {
  const { url } = await caller.json<CalendarFeedState>('/calendar-feed');
  const answer = await fetch(url ?? '');
  expect(answer.status).toBe(200);
  return parseCalendar(await answer.text()).events;
};

describe('the calendar feed of a requester', () => {
  it('shows a pending request TENTATIVE until the draw; then the winner’s reservation, and nothing for a loser', async () => {
    await fixSeed(WED, 1);
    await requestAll(WED);
    for (const driver of drivers.values()) {
      const events = await feedOf(driver);
      expect(events).toEqual([
        expect.objectContaining({
          status: 'TENTATIVE',
          summary: 'Draw request: HQ Garage',
          location: 'HQ Garage',
          startLocal: `${WED}T09:00:00`,
          endLocal: `${WED}T17:00:00`,
        }),
      ]);
      expect(events[0]?.uid).toMatch(new RegExp(`^draw-request-\\d+@${host}$`));
      expect(events[0]?.description).toContain('Not reserved yet');
    }
    time.set(cutoffOf('2026-12-07'));
    await runAllJobs(server);
    const results = await resultsOf(WED);
    expect(results.filter((result) => result.status === 'WON')).toHaveLength(1);
    for (const result of results) {
      const events = await feedOf(driverOf(result.owner));
      if (result.status === 'WON') {
        expect(events).toEqual([
          expect.objectContaining({
            uid: `reservation-${result.reservationId}@${host}`,
            status: 'CONFIRMED',
            summary: 'Parking: A-103 (HQ Garage)',
            startLocal: `${WED}T09:00:00`,
          }),
        ]);
      } else {
        expect(result.status).toBe('LOST');
        expect(events).toEqual([]);
      }
    }
  });
});

describe('the winner’s mail', () => {
  it('carries the check-in window and link where the garage requires check-in, as a booking’s confirmation does', async () => {
    await sql`UPDATE parking_garages SET check_in_required = true WHERE name = 'HQ Garage'`.execute(db);
    await fixSeed(THU, 2);
    await requestAll(THU);
    time.set(cutoffOf('2026-12-08'));
    await runAllJobs(server);
    for (const result of await resultsOf(THU)) {
      const mails = (await mailsTo(server.config.dataDir, result.owner)).filter((mail) =>
        mail.subject?.includes('Thu, 10 Dec 2026'),
      );
      expect(mails).toHaveLength(1);
      const html = mails[0]?.html ?? '';
      if (result.status === 'WON') {
        expect(mails[0]?.subject).toMatch(/^You won the draw: Thu, 10 Dec 2026 A-103/);
        // The slot is 09:00–17:00: check-in opens 15 minutes before and closes 30 minutes after the start.
        expect(html).toContain('Check in between 08:45 and 09:30, or the slot is released.');
        expect(html).toMatch(/Check in: <a href="[^"]+\/check-in\/[^"]+">/);
      } else {
        expect(html).not.toContain('Check in');
      }
    }
  });
});

describe('a won slot given back', () => {
  it('goes to the first loser in draw order, not in request order, who is mailed', async () => {
    // A seed whose order of the losers is not the order of their requests, so the test tells the two apart.
    await fixSeed(FRI, 11);
    await requestAll(FRI);
    time.set(cutoffOf('2026-12-09'));
    await runAllJobs(server);
    const results = await resultsOf(FRI);
    const winner = results.find((result) => result.status === 'WON');
    const { outcome } = (
      await sql<{ outcome: { losers: { requestId: string }[] } }>`SELECT outcome FROM draws
        WHERE date = ${FRI}::date`.execute(db)
    ).rows[0] as { outcome: { losers: { requestId: string }[] } };
    const drawOrder = outcome.losers.map((loser) => loser.requestId);
    const requestOrder = results.filter((result) => result.status === 'LOST').map((result) => result.id);
    expect(drawOrder).toHaveLength(3);
    expect(drawOrder[0]).not.toBe(requestOrder[0]);
    // The waitlist ranks them in draw order.
    const waiting = await sql<{ requestId: string }>`SELECT q.id::text AS request_id FROM waitlist_entries w
        JOIN draw_requests q ON q.user_id = w.user_id AND q.date = w.date
      WHERE w.date = ${FRI}::date AND w.waitlist_status = 'WAITING' ORDER BY w.rank`.execute(db);
    expect(waiting.rows.map((row) => row.requestId)).toEqual(drawOrder);

    const owner = driverOf(String(winner?.owner));
    const [won] = await owner.json<Entity[]>('/services/UserReservationPanel/activeReservations/~list', {
      date: [{ operator: 'equal', value: FRI }],
    });
    const deleted = await owner.post(
      '/services/UserReservation/deleteReservation',
      undefined,
      withId(String(won?.__signedIdentifier)),
    );
    expect(deleted.status).toBe(200);
    await runAllJobs(server);

    const first = results.find((result) => result.id === drawOrder[0]);
    const booked = await sql<{ owner: string; slot: string }>`SELECT u.email AS owner, s.name AS slot
      FROM reservations r JOIN users u ON u.id = r.owner_id JOIN parking_slots s ON s.id = r.parking_slot_id
      WHERE r.date = ${FRI}::date AND r.reservation_status = 'ACTIVE'`.execute(db);
    expect(booked.rows).toEqual([{ owner: first?.owner, slot: 'A-103' }]);
    for (const result of results.filter((each) => each.status === 'LOST')) {
      const promoted = (await mailsTo(server.config.dataDir, result.owner)).filter((mail) =>
        mail.subject?.startsWith('A slot became free for you: Fri, 11 Dec 2026'),
      );
      expect(promoted).toHaveLength(result.id === drawOrder[0] ? 1 : 0);
    }
  });
});
