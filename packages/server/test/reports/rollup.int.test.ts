import { addDays } from '@parkhere/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ReportPeriod } from '../../src/modules/reports/utilisation-sql.ts';
import { seedReservations } from '../../src/modules/reservations/seed-reservations.ts';
import { withId } from '../client.ts';
import { runAllJobs } from '../jobs/inspect.ts';
import { type Entity, racers } from '../reservations/forms.ts';
import { workingDayAfter, worldOfFile } from '../world.ts';
import { expectParity as parityOf, staleGarages } from './parity.ts';

/*
 * The reservations' rollup (issue 28, item 4; migration 0038) against the direct computation over every
 * reservation: after random reservations are written, and after each kind of change a reservation, a garage's
 * hours, the configuration or a slot's garage can undergo, the report from the rollup equals the report computed
 * directly, figure for figure, for every garage and for each one.
 */
const { server } = await worldOfFile({ users: ['admin', 'user'], jobs: { poll: false } });
const db = server.db;

await sql`INSERT INTO parking_garages (name, working_hours_start, working_hours_end)
  VALUES ('Roll Day', '00:00', '24:00'), ('Roll Configured', NULL, NULL), ('Roll Morning', '07:00', '12:30')`.execute(
  db,
);
await sql`INSERT INTO parking_slots (parking_garage_id, name, floor, is_active)
  SELECT g.id, left(g.name, 6) || '-' || n, 0, n < 3 FROM parking_garages g CROSS JOIN generate_series(1, 3) AS n
  WHERE g.name LIKE 'Roll %'`.execute(db);
const garages = (
  await sql<{ id: string }>`SELECT id::text AS id FROM parking_garages
  WHERE name LIKE 'Roll %' ORDER BY name`.execute(db)
).rows.map((row) => row.id);
const slots = (
  await sql<{ id: string }>`SELECT s.id::text AS id FROM parking_slots s
  JOIN parking_garages g ON g.id = s.parking_garage_id WHERE g.name LIKE 'Roll %' ORDER BY s.id`.execute(db)
).rows.map((row) => row.id);
const owners = (
  await sql<{ id: string }>`SELECT id::text AS id FROM users ORDER BY id LIMIT 4`.execute(db)
).rows.map((row) => row.id);

// A small deterministic generator (mulberry32), so a failure repeats.
let state = 28;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const time = (quarters: number) =>
  `${String(Math.floor(quarters / 4)).padStart(2, '0')}:${String((quarters % 4) * 15).padStart(2, '0')}`;

// Around the autumn DST day (Sunday 25 October 2026, 25 hours in Budapest): each slot's day a few back-to-back
// reservations of random types and times, some ending at midnight; past ones (EXPIRED, which counts as ACTIVE
// does), so that random owners may overlap.
const FIRST = '2026-10-22';
const DAYS = 6;
const rows = slots
  .flatMap((slot) =>
    Array.from({ length: DAYS }, (_, day) => {
      const bookings = [];
      for (let at = Math.floor(random() * 20); at < 96; at += 1 + Math.floor(random() * 30)) {
        const end = Math.min(96, at + 1 + Math.floor(random() * 24));
        const type = pick(['NORMAL', 'QUICK', 'GUEST', 'LONG'] as const);
        bookings.push({
          owner_id: pick(owners),
          parking_slot_id: slot,
          date: addDays(FIRST, day),
          start_time: time(at),
          end_time: end === 96 ? '24:00' : time(end),
          reservation_type: type,
          reservation_status: 'EXPIRED' as const,
          ...(type === 'GUEST'
            ? { guest_name: 'G', guest_email: 'g@guest.example', guest_license_plate: 'G 1' }
            : {}),
          ...(type === 'LONG' ? { series_id: '00000000-0000-4000-8000-000000000028' } : {}),
        });
        at = end;
      }
      return bookings;
    }),
  )
  .flat();
const ids = await seedReservations(db, rows);

// What became of them: booked a random time ahead; some checked in, released as no-shows (some released after
// their end), cancelled part-way (the interval cut, perhaps to nothing) or deleted.
const fates = ids.map((id) => ({
  id,
  fate: pick(['kept', 'kept', 'checkedIn', 'noShow', 'cancelled', 'deleted']),
}));
const withFate = (fate: string) => fates.filter((row) => row.fate === fate).map((row) => row.id);
const idsIn = (list: string[]) => sql`${list}::bigint[]`;
await sql`UPDATE reservations SET created = lower(during) - (id % 97) * interval '37 minutes'`.execute(db);
await sql`UPDATE reservations SET checked_in_at = lower(during) WHERE id = ANY (${idsIn(withFate('checkedIn'))})`.execute(
  db,
);
await sql`UPDATE reservations SET reservation_status = 'NO_SHOW', modefied = lower(during) + (id % 9) * interval '20 minutes'
  WHERE id = ANY (${idsIn(withFate('noShow'))})`.execute(db);
await sql`UPDATE reservations SET reservation_status = 'EXPIRED', cancelled_at = lower(during) + (id % 3) * interval '30 minutes',
  booked_end_time = end_time,
  during = tstzrange(lower(during), least(upper(during), lower(during) + (id % 3) * interval '30 minutes'), '[)')
  WHERE id = ANY (${idsIn(withFate('cancelled'))})`.execute(db);
await sql`UPDATE reservations SET reservation_status = 'DELETED' WHERE id = ANY (${idsIn(withFate('deleted'))})`.execute(
  db,
);

const periodOf = (from: string, to: string, garageId: string | null = null): ReportPeriod => ({
  from,
  to,
  garageId,
  publicHolidays: ['2026-10-23'],
});
const PERIOD = periodOf(addDays(FIRST, -1), addDays(FIRST, DAYS));

/** Expects the rollup's report equal to the direct one, for every garage and each; the rollup's all-garages answer. */
const expectParity = (period = PERIOD) => parityOf(db, period, garages);

/**
 * After a change of day windows: the garages concerned are marked for the rebuild job (and reported directly
 * meanwhile), and the rollup the job rebuilds gives the same report.
 */
async function expectRebuilt(marked: (string | undefined)[]) {
  expect((await staleGarages(db)).map((garage) => garage.garageId)).toEqual(marked);
  await expectParity();
  await runAllJobs(server);
  expect(await staleGarages(db)).toEqual([]);
  await expectParity();
}
const dayOf = (answer: Awaited<ReturnType<typeof expectParity>>, date: string) =>
  answer.days.find((day) => day.date === date);

describe('the reservations rollup', () => {
  it('has the figures of random reservations, over the period, a part of it and a single day', async () => {
    expect(ids.length).toBeGreaterThan(50);
    const all = await expectParity();
    expect(all.days.reduce((sum, day) => sum + day.reservations, 0)).toBeGreaterThan(20);
    await expectParity(periodOf(addDays(FIRST, 1), addDays(FIRST, 3)));
    await expectParity(periodOf('2026-10-25', '2026-10-25'));
  });

  it('follows an insert, a time moved, a status changed, a slot and a garage changed, and a delete', async () => {
    const date = addDays(FIRST, DAYS - 1);
    const [slot, otherSlot, slotElsewhere] = [slots[0], slots[1], slots[4]];
    const before = dayOf(await expectParity(), date);
    // Expired, so that it may overlap the slot's random ones.
    const [id] = await seedReservations(db, [
      {
        owner_id: String(owners[0]),
        parking_slot_id: String(slot),
        date,
        start_time: '05:00',
        end_time: '07:00',
        reservation_type: 'NORMAL',
        reservation_status: 'EXPIRED',
      },
    ]);
    expect(dayOf(await expectParity(), date)?.reservations).toBe((before?.reservations ?? 0) + 1);
    await sql`UPDATE reservations SET during = wall_clock_range(date, '04:00', '07:00', 'Europe/Budapest')
      WHERE id = ${id}::bigint`.execute(db);
    const moved = dayOf(await expectParity(), date);
    expect(moved?.reservedSlotHours).toBeGreaterThan(before?.reservedSlotHours ?? 0);
    await sql`UPDATE reservations SET checked_in_at = lower(during) WHERE id = ${id}::bigint`.execute(db);
    await sql`UPDATE reservations SET reservation_status = 'NO_SHOW', checked_in_at = NULL,
      modefied = lower(during) + interval '1 hour' WHERE id = ${id}::bigint`.execute(db);
    await expectParity();
    await sql`UPDATE reservations SET parking_slot_id = ${otherSlot}::bigint WHERE id = ${id}::bigint`.execute(
      db,
    );
    await expectParity();
    await sql`UPDATE reservations SET parking_slot_id = ${slotElsewhere}::bigint, date = date - 1,
      during = wall_clock_range(date - 1, '04:00', '07:00', 'Europe/Budapest') WHERE id = ${id}::bigint`.execute(
      db,
    );
    await expectParity();
    await sql`DELETE FROM reservations WHERE id = ${id}::bigint`.execute(db);
    expect(dayOf(await expectParity(), date)).toEqual(before);
  });

  it("is rebuilt when a garage's hours, the configured hours or zone, or a slot's garage change", async () => {
    // (By name: Roll Configured, Roll Day, Roll Morning.)
    const [, day, morning] = garages;
    // The demo's garages (no hours of their own) are concerned by the configuration's changes too.
    const withoutHours = (
      await sql<{ id: string }>`SELECT id::text AS id FROM parking_garages WHERE working_hours_start IS NULL
        ORDER BY id`.execute(db)
    ).rows.map((row) => row.id);
    const inOrder = (ids: (string | undefined)[]) => [...new Set(ids)].sort((a, b) => Number(a) - Number(b));
    await sql`UPDATE parking_garages SET working_hours_start = '10:00', working_hours_end = '16:00'
      WHERE id = ${day}::bigint`.execute(db);
    await expectRebuilt([day]);
    await sql`UPDATE parking_garages SET working_hours_start = NULL, working_hours_end = NULL
      WHERE id = ${morning}::bigint`.execute(db);
    await sql`UPDATE configuration SET working_hours_start = '06:00', working_hours_end = '20:00'`.execute(
      db,
    );
    await expectRebuilt(inOrder([...withoutHours, morning]));
    await sql`UPDATE configuration SET time_zone = 'Europe/London'`.execute(db);
    const every = (
      await sql<{ id: string }>`SELECT id::text AS id FROM parking_garages ORDER BY id`.execute(db)
    ).rows.map((row) => row.id);
    await expectRebuilt(every);
    await sql`UPDATE configuration SET time_zone = 'Europe/Budapest'`.execute(db);
    await runAllJobs(server);
    const [moved] = (
      await sql<{ garage: string }>`SELECT parking_garage_id::text AS garage FROM parking_slots
        WHERE id = ${slots[0]}::bigint`.execute(db)
    ).rows;
    const target = garages.find((id) => id !== moved?.garage);
    await sql`UPDATE parking_slots SET parking_garage_id = ${target}::bigint WHERE id = ${slots[0]}::bigint`.execute(
      db,
    );
    await expectRebuilt(inOrder([target, moved?.garage]));
  });

  it('keeps the same figures for a change that changes none (a reminder sent, a rename)', async () => {
    const totals = async () =>
      (
        await sql`SELECT count(*)::int AS days, sum(held_seconds)::text AS seconds FROM reservation_day_rollup`.execute(
          db,
        )
      ).rows;
    const before = await totals();
    await sql`UPDATE reservations SET send_notification = NOT send_notification, modefied = now()
      WHERE reservation_status <> 'NO_SHOW'`.execute(db);
    await sql`UPDATE parking_garages SET name = name || ' renamed' WHERE id = ${garages[0]}::bigint`.execute(
      db,
    );
    expect(await totals()).toEqual(before);
    await expectParity();
  });

  it('stays exact under 30 concurrent creates, deletes and moves in one garage and day, none refused', async () => {
    // Every write of the day adds to the same day row and shares edge rows with others, each touching its keys in
    // order: without that order two writers would wait for each other's rows (a deadlock, a 500 to one client).
    const date = await workingDayAfter(server, 2);
    const racing = await racers(server, 'rollup-racer', 30, 'A-215');
    const slotsOfA = await racing[0]?.caller.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
      owner: { user: racing[0]?.self },
      queryCustomizer: { _seek: { limit: 30 } },
    });
    const requestOf = (index: number, start: number) => ({
      reservationType: 'NORMAL',
      date,
      startTime: `${String(start).padStart(2, '0')}:00:00`,
      endTime: `${String(start + 2).padStart(2, '0')}:00:00`,
      user: racing[index]?.self,
      car: racing[index]?.self.cars[0],
      parkingSlot: slotsOfA?.[index],
    });
    // The last ten already hold the day, 08:00-10:00 to 11:00-13:00; five of them delete theirs, five move it.
    const held = await Promise.all(
      racing.slice(20).map(async ({ caller }, offset) => {
        const [created] = await caller.json<Entity[]>(
          '/services/UserReservationPanel/reservation',
          requestOf(20 + offset, 8 + (offset % 4)),
        );
        return created as Entity;
      }),
    );
    const before = dayOf(await expectParity(periodOf(date, date)), date);
    const statuses = await Promise.all(
      racing.map(async ({ caller }, index) => {
        const own = held[index - 20];
        const response =
          own === undefined
            ? await caller.post(
                '/services/UserReservationPanel/reservation',
                requestOf(index, 8 + (index % 4)),
              )
            : index < 25
              ? await caller.post(
                  '/services/UserReservation/deleteReservation',
                  undefined,
                  withId(own.__signedIdentifier),
                )
              : await caller.post(
                  '/services/UserReservation/modificateReservation',
                  { startTime: '09:00:00', endTime: '14:00:00' },
                  withId(own.__signedIdentifier),
                );
        return `${response.status} ${response.status === 200 ? '' : await response.text()}`.trim();
      }),
    );
    expect(statuses).toEqual(racing.map(() => '200'));
    const after = dayOf(await expectParity(periodOf(date, date)), date);
    expect(after?.reservations).toBe((before?.reservations ?? 0) + 20 - 5);
  });
});
