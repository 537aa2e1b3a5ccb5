import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { actorOf, admin, at, described, quick, user } from '../../../test/rule-fixtures.ts';
import { databaseOfFile } from '../../../test/world.ts';
import type { RequestScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { RuleActor } from '../reservations/index.ts';
import {
  checkHolidayDeletion,
  type HolidayDates,
  holidayDeletableSql,
  isHolidayNotDeletable,
  isHolidayNotDeletableSql,
} from './holiday-rules.ts';

/*
 * Holiday deletability in its TypeScript and its SQL form, one table of cases through both: the function, and
 * the SQL expression over a row made of the case's values, evaluated by the database (PGlite, or PostgreSQL
 * when DATABASE_URL is set), in the migration's default zone, Europe/Budapest.
 */

const db: Kysely<DB> = (await databaseOfFile()).db.withoutPlugins();

/** A holidays row `h` of the case's values; ids are text, as the fixtures' are. */
const holidayRow = (holiday: HolidayDates & { ownerId: string }) =>
  sql`(SELECT ${holiday.ownerId}::text AS user_id, ${holiday.startDate}::date AS start_date,
    ${holiday.endDate}::date AS end_date) h`;

/** Whether `checkHolidayDeletion` allows it, and whether the holiday is not deletable, in both forms. */
const holidayInBoth = async (
  holiday: HolidayDates & { ownerId: string },
  actor: RuleActor,
  today: string,
): Promise<{ violations: string[]; notDeletable: boolean }> => {
  const now = at(today, '12:00:00');
  const scope: RequestScope = { ...actor, email: `${actor.userId}@parkhere.example`, isDoorman: false, now };
  const found = await sql<{ deletable: boolean; notDeletable: boolean }>`SELECT
      ${holidayDeletableSql('h', scope)} AS deletable, ${isHolidayNotDeletableSql('h', now)} AS "notDeletable"
    FROM ${holidayRow(holiday)}`.execute(db);
  const violations = described(checkHolidayDeletion(holiday, actor, today));
  const notDeletable = isHolidayNotDeletable(holiday, today);
  expect(found.rows[0]).toEqual({ deletable: violations.length === 0, notDeletable });
  return { violations, notDeletable };
};

describe('deleting a holiday, in TypeScript and in SQL', () => {
  const today = '2026-05-04';

  it.each([
    ['a future one', '2026-05-10', '2026-05-12', actorOf(user), []],
    ['a current one', '2026-05-01', '2026-05-04', actorOf(user), []],
    ['a past one', '2026-04-01', '2026-05-03', actorOf(user), ['422:NOT_VALID_DATA']],
    ["someone else's", '2026-05-10', '2026-05-12', actorOf(quick), ['404']],
    ["someone else's, as an administrator", '2026-05-10', '2026-05-12', admin, []],
    ["someone else's past one, as an administrator", '2026-04-01', '2026-05-03', admin, []],
  ])('%s → %o', async (_case, startDate, endDate, actor, expected) => {
    const { violations } = await holidayInBoth({ ownerId: user.id, startDate, endDate }, actor, today);
    expect(violations).toEqual(expected);
  });

  it('marks only ended holidays not deletable', async () => {
    const owner = actorOf(user);
    const notDeletableEndingOn = async (endDate: string) =>
      (await holidayInBoth({ ownerId: user.id, startDate: '2026-05-01', endDate }, owner, today))
        .notDeletable;
    expect(await notDeletableEndingOn('2026-05-03')).toBe(true);
    expect(await notDeletableEndingOn('2026-05-04')).toBe(false);
  });
});
