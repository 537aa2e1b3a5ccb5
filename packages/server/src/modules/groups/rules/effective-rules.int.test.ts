import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseOfFile } from '../../../../test/world.ts';
import type { DB } from '../../../platform/db/schema.ts';
import {
  type EffectiveRules,
  effectiveRuleSql,
  effectiveRules,
  GROUP_RULES,
  type GroupRules,
} from './effective-rules.ts';

/*
 * A user's effective horizon and quotas, in TypeScript and in SQL: each case's groups are stored with a user of
 * its own as their member, and the SQL twin (what a create's facts read) must answer what the function does.
 */

const db: Kysely<DB> = (await databaseOfFile()).db.withoutPlugins();

// Today's values: the configuration's horizon and the user's own quotas.
const TODAY: EffectiveRules = { maxDaysInAdvance: 14, maxNormalReservation: 5, maxLongReservation: 2 };
const NONE: GroupRules = { maxDaysInAdvance: null, maxNormalReservation: null, maxLongReservation: null };
const group = (rules: Partial<GroupRules>): GroupRules => ({ ...NONE, ...rules });

let cases = 0;

/** The SQL twin's answer for a new user who is a member of `groups` (and of a group of nobody else's). */
async function inSql(baseline: EffectiveRules, groups: readonly GroupRules[]): Promise<EffectiveRules> {
  cases += 1;
  const user = await sql<{ id: string }>`INSERT INTO users (email, name)
    VALUES (${`effective${cases}@parkhere.example`}, 'Effective') RETURNING id::text AS id`.execute(db);
  const userId = user.rows[0]?.id ?? '';
  // A group the user is not in never counts, however generous.
  await sql`INSERT INTO groups (name, max_days_in_advance, max_normal_reservation, max_long_reservation)
    VALUES (${`Others ${cases}`}, 365, 100, 100)`.execute(db);
  for (const [index, rules] of groups.entries()) {
    await sql`WITH g AS (INSERT INTO groups (name, max_days_in_advance, max_normal_reservation, max_long_reservation)
        VALUES (${`Case ${cases}.${index}`}, ${rules.maxDaysInAdvance}::integer, ${rules.maxNormalReservation}::integer,
          ${rules.maxLongReservation}::integer) RETURNING id)
      INSERT INTO group_members (group_id, user_id) SELECT id, ${userId}::bigint FROM g`.execute(db);
  }
  const columns = GROUP_RULES.map(
    (rule) =>
      sql`${effectiveRuleSql(rule, sql`${userId}::bigint`, sql`${baseline[rule]}::integer`)} AS ${sql.ref(rule)}`,
  );
  const found = await sql<EffectiveRules>`SELECT ${sql.join(columns)}`.execute(db);
  return found.rows[0] as EffectiveRules;
}

/** Both forms; they must agree before either is compared with the expectation. */
async function inBoth(baseline: EffectiveRules, groups: readonly GroupRules[]): Promise<EffectiveRules> {
  const inTypeScript = effectiveRules(baseline, groups);
  expect(await inSql(baseline, groups)).toEqual(inTypeScript);
  return inTypeScript;
}

describe('a user’s effective horizon and quotas, in TypeScript and in SQL', () => {
  it.each<[string, GroupRules[], EffectiveRules]>([
    ['no group: today’s values', [], TODAY],
    ['a group that sets nothing: today’s values', [NONE], TODAY],
    [
      'a group’s longer horizon and larger quotas',
      [group({ maxDaysInAdvance: 30, maxNormalReservation: 8, maxLongReservation: 4 })],
      { maxDaysInAdvance: 30, maxNormalReservation: 8, maxLongReservation: 4 },
    ],
    [
      'a group’s stricter rules replace today’s for its members',
      [group({ maxDaysInAdvance: 7, maxNormalReservation: 1, maxLongReservation: 0 })],
      { maxDaysInAdvance: 7, maxNormalReservation: 1, maxLongReservation: 0 },
    ],
    [
      'only the rules a group sets change',
      [group({ maxNormalReservation: 9 })],
      { ...TODAY, maxNormalReservation: 9 },
    ],
    [
      'two groups: the most generous of each rule, from either',
      [
        group({ maxDaysInAdvance: 30, maxNormalReservation: 2 }),
        group({ maxDaysInAdvance: 21, maxNormalReservation: 7 }),
      ],
      { maxDaysInAdvance: 30, maxNormalReservation: 7, maxLongReservation: 2 },
    ],
    [
      'a stricter group beside one that sets nothing: today’s value is the more generous',
      [group({ maxDaysInAdvance: 7 }), NONE],
      TODAY,
    ],
    [
      'three groups, zero included',
      [group({ maxLongReservation: 0 }), group({ maxLongReservation: 3 }), group({ maxLongReservation: 1 })],
      { ...TODAY, maxLongReservation: 3 },
    ],
  ])('%s', async (_name, groups, expected) => {
    expect(await inBoth(TODAY, groups)).toEqual(expected);
  });

  it('reads the baseline it is given: another user’s own quotas, another configured horizon', async () => {
    const baseline = { maxDaysInAdvance: 60, maxNormalReservation: 0, maxLongReservation: 10 };
    expect(await inBoth(baseline, [group({ maxDaysInAdvance: 30, maxNormalReservation: 3 })])).toEqual({
      maxDaysInAdvance: 30,
      maxNormalReservation: 3,
      maxLongReservation: 10,
    });
  });
});
