import { addDays, type DayOverride, nextWorkingDay, wallClockAt, workingCalendar } from '@parkhere/contract';
import { sql } from 'kysely';
import type { Caller } from '../engine/client.ts';
import type { TestServer } from '../harness.ts';

export type Entity = Record<string, unknown> & { __signedIdentifier: string; __identifier: string };

const ZONE = 'Europe/Budapest';

/** The n-th working day after today in the demo calendar (Hungarian holidays and additional days). */
export const workingDayAfter = async (server: TestServer, n = 1): Promise<string> => {
  const days =
    await sql<DayOverride>`SELECT to_char(day, 'YYYY-MM-DD') AS day, type_of_day FROM additional_days`.execute(
      server.app.database.db,
    );
  const calendar = workingCalendar(days.rows);
  let date = wallClockAt(new Date(), ZONE).date;
  for (let index = 0; index < n; index += 1) {
    date = nextWorkingDay(date, calendar) ?? addDays(date, 1);
  }
  return date;
};

export const userIdOf = async (server: TestServer, email: string): Promise<string> =>
  (
    await server.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;

/** ACTIVE rows of a slot whose intervals overlap another ACTIVE row of the same slot (must stay 0). */
export const overlappingRows = async (server: TestServer): Promise<number> => {
  const found = await sql<{ count: string }>`SELECT count(*) AS count FROM reservations a JOIN reservations b
    ON a.id < b.id AND a.parking_slot_id = b.parking_slot_id AND a.during && b.during
    WHERE a.reservation_status = 'ACTIVE' AND b.reservation_status = 'ACTIVE'`.execute(
    server.app.database.db,
  );
  return Number(found.rows[0]?.count ?? 0);
};

const MINUTE = 60_000;

/** A NORMAL ACTIVE reservation of the user's on a slot of their garages, stored directly (no rules). */
export const insertReservation = async (
  server: TestServer,
  options: { email: string; slotName: string; date: string; startTime: string; endTime: string },
): Promise<string> => {
  const { date, startTime, endTime } = options;
  const inserted = await sql<{ id: string }>`INSERT INTO reservations (owner_id, parking_slot_id, car_id,
      car_license_plate, date, start_time, end_time, during, reservation_type, created_by)
    SELECT u.id, s.id, c.id, c.license_plate, ${date}::date, ${startTime}::time, ${endTime}::time,
      tstzrange((${date}::date + ${startTime}::time) AT TIME ZONE ${ZONE},
        (${date}::date + ${endTime}::time) AT TIME ZONE ${ZONE}, '[)'), 'NORMAL', u.email
    FROM users u
    JOIN parking_slots s ON s.name = ${options.slotName}
      AND s.parking_garage_id IN (SELECT ua.parking_garage_id FROM user_accessed_garages ua WHERE ua.user_id = u.id)
    LEFT JOIN cars c ON c.user_id = u.id AND c.is_favorite
    WHERE u.email = ${options.email}
    LIMIT 1
    RETURNING id::text AS id`.execute(server.app.database.db);
  const id = inserted.rows[0]?.id;
  if (id === undefined) {
    throw new Error(`no slot ${options.slotName} for ${options.email}`);
  }
  return id;
};

/**
 * A reservation of the user's that is in progress at `now` (the machine's time unless given: pass the app
 * clock's) ([now - 10 min, now + 50 min), clamped to today), stored directly: no API call may create one that
 * has already started.
 */
export const insertInProgress = async (
  server: TestServer,
  options: { email: string; slotName: string; now?: number },
): Promise<string> => {
  const now = options.now ?? Date.now();
  const today = wallClockAt(new Date(now), ZONE).date;
  const startAt = wallClockAt(new Date(now - 10 * MINUTE), ZONE);
  const endAt = wallClockAt(new Date(now + 50 * MINUTE), ZONE);
  return insertReservation(server, {
    email: options.email,
    slotName: options.slotName,
    date: today,
    startTime: startAt.date === today ? startAt.time : '00:00:00',
    endTime: endAt.date === today ? endAt.time : '23:59:59',
  });
};

/** The names of the free slots the parking-slot range offers for `owner` (a ReservationInput draft). */
export const freeSlotNames = async (caller: Caller, owner: Record<string, unknown>, like = 'A-1%') =>
  (
    await caller.json<Entity[]>('/services/ReservationInput/parkingSlot/~range', {
      owner,
      queryCustomizer: { aggregaredName: [{ operator: 'like', value: like }], _seek: { limit: 100 } },
    })
  ).map((slot) => String(slot.aggregaredName).split(' ')[0] ?? '');
