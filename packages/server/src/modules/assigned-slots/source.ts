import { hungarianPublicHolidays } from '@parkhere/contract';
import { sql } from 'kysely';
import { allRows, noRows, TRUE_PREDICATE } from '../../engine/access.ts';
import { entitySource, inputForm, ref } from '../../engine/source.ts';
import { additionalDaysSql, configuredDaySql, configuredToday } from '../configuration/index.ts';
import { doormanGarages } from '../garages/index.ts';
import { ownerAwaySql } from './rules/assigned-slot.ts';

/** The range an owner gives back or takes back, naming one of their slots or none; and what they are answered. */
export const assignedSlotReleaseSource = inputForm('AssignedSlotRelease', {
  parkingSlot: { range: allRows },
});
export const assignedSlotDaySource = inputForm('AssignedSlotDay');
export const assignedSlotScheduleSource = inputForm('AssignedSlotSchedule', { days: {} });

/** Today in the configured zone, as the doorman's arrivals read it. */
const today = (now: Date) => configuredToday(now);

/**
 * Whether today is a working day in SQL: an additional day says so (WORK or HOLIDAY), else a weekday that is
 * no public holiday (the working calendar's rule, contract's workingCalendar; the holidays of the years around
 * `now`, whichever day today is in the configured zone).
 */
const workingTodaySql = (now: Date) => {
  const year = now.getUTCFullYear();
  const publicHolidays = [year - 1, year, year + 1].flatMap((each) =>
    hungarianPublicHolidays(each).map((holiday) => holiday.date),
  );
  return sql`(SELECT CASE a.type_of_day WHEN 'WORK' THEN true WHEN 'HOLIDAY' THEN false
      ELSE extract(isodow FROM d.day) < 6 AND d.day <> ALL (${publicHolidays}::date[]) END
    FROM (SELECT ${today(now)} AS day) d LEFT JOIN ${additionalDaysSql} a ON a.day = d.day)`;
};

/**
 * The slot row `alias` is assigned to an active owner who comes today: a working day, the slot active, and
 * the owner not away (rules/assigned-slot.ts' ownerAwaySql: no holiday, the day not given back).
 */
export const ownerExpectedTodaySql = (alias: string, now: Date) =>
  sql`(${ref(alias, 'assigned_to_id')} IS NOT NULL AND ${ref(alias, 'is_active')}
    AND EXISTS (SELECT 1 FROM users o WHERE o.id = ${ref(alias, 'assigned_to_id')} AND o.is_active)
    AND ${workingTodaySql(now)} AND NOT ${ownerAwaySql(alias, today(now))})`;

const ownerColumn = (column: string) => (alias: string) =>
  sql`(SELECT o.${sql.raw(column)} FROM users o WHERE o.id = ${ref(alias, 'assigned_to_id')})`;

/** The owner's working hours' end or start, else the configured one's. */
const ownerHours =
  (column: 'start_of_working_time' | 'end_of_working_time', configured: string) => (alias: string) =>
    sql`to_char(coalesce(${ownerColumn(column)(alias)},
      (SELECT c.${sql.raw(configured)} FROM ${configuredDaySql} c)), 'HH24:MI:SS')`;

/**
 * DoormanArrivals.expectedOwners' rows: assigned slots, each with its owner. Doormen read the slots of their
 * garages, administrators every one; nobody writes them.
 */
export const expectedOwnerSource = entitySource('ExpectedOwner', {
  table: 'parking_slots',
  derived: {
    ownerName: ownerColumn('name'),
    ownerCarPlate: (alias) => sql`(SELECT c.license_plate FROM cars c
      WHERE c.user_id = ${ref(alias, 'assigned_to_id')} AND NOT c.is_archived
      ORDER BY c.is_favorite DESC, c.id LIMIT 1)`,
    parkingSlotInformation: (alias) => ref(alias, 'aggregared_name'),
    startTime: ownerHours('start_of_working_time', 'working_hours_start'),
    endTime: ownerHours('end_of_working_time', 'working_hours_end'),
  },
  defaultOrder: [{ attribute: 'startTime', descending: false }],
  scope: (alias, scope) =>
    scope.isAdministrator ? TRUE_PREDICATE : doormanGarages(ref(alias, 'parking_garage_id'), scope),
  updateable: noRows,
  deleteable: noRows,
});
