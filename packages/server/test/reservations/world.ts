import { addDays, type DayOverride, nextWorkingDay, wallClockAt, workingCalendar } from '@parkhere/contract';
import { sql } from 'kysely';
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
