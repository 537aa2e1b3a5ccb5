import {
  type Availability,
  type AvailabilityDay,
  addDays,
  dayNumberOf,
  defaultCar,
  type LocalDate,
  type LocalTime,
} from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import type { RequestScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { orNotFound } from '../../platform/errors.ts';
import { ownAssignedSlotOnSql } from '../assigned-slots/index.ts';
import { pendingRequestOnSql } from '../draw/index.ts';
import { onHolidaySql } from '../holidays/index.ts';
import {
  availabilityCountsSql,
  loadRuleContext,
  ownReservationsOnSql,
  templateUser,
  usableCars,
} from '../reservations/index.ts';
import { waitlistDayPositionSql } from '../waitlist/index.ts';

/*
 * The availability of a period for the caller in one statement over generate_series of its days: the counts
 * (reservations' availabilityCountsSql: the free-slot range's rules for one day) and what is the caller's own
 * that day, each read by the module that owns it. The working days come from the rules' calendar (Hungarian
 * holidays and the configured additional days), as a parameter.
 */

export type AvailabilityQuestion = {
  from: LocalDate;
  to: LocalDate;
  /** The asked hours; undefined: the caller's working hours. */
  startTime?: LocalTime;
  endTime?: LocalTime;
};

type DayRow = {
  date: LocalDate;
  counts: { total: number; free: number } | null;
  reservations: AvailabilityDay['mine']['reservations'];
  onHoliday: boolean;
  waitlistPosition: number | null;
  drawRequest: boolean;
  assignedSlot: AvailabilityDay['mine']['assignedSlot'];
};

/** The hours asked, else the user's working hours (both or neither are asked: availability-routes.ts). */
async function hoursOf(
  db: Kysely<DB>,
  scope: RequestScope,
  question: AvailabilityQuestion,
): Promise<{ startTime: LocalTime; endTime: LocalTime }> {
  if (question.startTime !== undefined && question.endTime !== undefined) {
    return { startTime: question.startTime, endTime: question.endTime };
  }
  const user = orNotFound(await templateUser(db, scope.userId));
  return { startTime: user.startOfWorkingTime as LocalTime, endTime: user.endOfWorkingTime as LocalTime };
}

/** The caller's availability of the period (at most AVAILABILITY_MAX_DAYS: the route checks it). */
export async function availabilityOf(
  db: Kysely<DB>,
  scope: RequestScope,
  question: AvailabilityQuestion,
): Promise<Availability> {
  const context = await loadRuleContext(db, scope, scope.now);
  const { startTime, endTime } = await hoursOf(db, scope, question);
  const carId = defaultCar(await usableCars(db, scope.userId))?.id ?? null;
  const dates = Array.from(
    { length: dayNumberOf(question.to) - dayNumberOf(question.from) + 1 },
    (_, index) => addDays(question.from, index),
  );
  const workingDates = dates.filter((date) => context.calendar.isWorkingDay(date));
  const day = sql`d.day`;
  const userId = scope.userId;
  const ask = { userId, carId, startTime, endTime, dates, workingDates, context };
  const found = await sql<DayRow>`SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
      CASE WHEN d.day = ANY(${workingDates}::date[]) THEN json_build_object('total', coalesce(c.total, 0),
        'free', coalesce(c.free, 0)) END AS counts,
      ${ownReservationsOnSql(userId, day)} AS reservations,
      ${onHolidaySql(userId, day)} AS on_holiday,
      ${waitlistDayPositionSql(userId, day, scope.now)} AS waitlist_position,
      ${pendingRequestOnSql(userId, day)} AS draw_request,
      ${ownAssignedSlotOnSql(userId, day)} AS assigned_slot
    FROM (SELECT g.day::date AS day
      FROM generate_series(${question.from}::date, ${question.to}::date, interval '1 day') AS g(day)) d
    LEFT JOIN ${availabilityCountsSql(ask)} c ON c.day = d.day
    ORDER BY d.day`.execute(db);
  const working = new Set(workingDates);
  return {
    from: question.from,
    to: question.to,
    startTime,
    endTime,
    timeZone: context.timeZone,
    days: found.rows.map((row) => ({
      date: row.date,
      isWorkingDay: working.has(row.date),
      freeSlots: row.counts?.free ?? null,
      totalSlots: row.counts?.total ?? null,
      mine: {
        reservations: row.reservations,
        onHoliday: row.onHoliday,
        waitlistPosition: row.waitlistPosition,
        drawRequest: row.drawRequest,
        assignedSlot: row.assignedSlot,
      },
    })),
  };
}
