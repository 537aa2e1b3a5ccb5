import { type RawBuilder, sql } from 'kysely';

/*
 * [Pools] A user's effective horizon and quotas. Without a group a user keeps today's values: the
 * configuration's horizon and their own quotas (`baseline`). A member gets, for each rule, the most generous
 * value among their groups, where a group that leaves the rule empty gives today's value for it (so joining a
 * group that sets nothing changes nothing). The SQL twin reads the same in the statement that reads a create's
 * facts: one index scan of the user's memberships (group_members_user).
 */

/** The rules a group may set and a user's effective values of them. */
export const GROUP_RULES = ['maxDaysInAdvance', 'maxNormalReservation', 'maxLongReservation'] as const;
export type GroupRule = (typeof GROUP_RULES)[number];

export type EffectiveRules = Readonly<Record<GroupRule, number>>;
export type GroupRules = Readonly<Record<GroupRule, number | null>>;

/** The most generous value of each rule among `groups`; `baseline` for a rule no group of theirs sets, or without a group. */
export const effectiveRules = (baseline: EffectiveRules, groups: readonly GroupRules[]): EffectiveRules => {
  const effective = (rule: GroupRule) =>
    groups.length === 0 ? baseline[rule] : Math.max(...groups.map((group) => group[rule] ?? baseline[rule]));
  return {
    maxDaysInAdvance: effective('maxDaysInAdvance'),
    maxNormalReservation: effective('maxNormalReservation'),
    maxLongReservation: effective('maxLongReservation'),
  };
};

type Sql = RawBuilder<unknown>;

const COLUMN: Record<GroupRule, string> = {
  maxDaysInAdvance: 'max_days_in_advance',
  maxNormalReservation: 'max_normal_reservation',
  maxLongReservation: 'max_long_reservation',
};

/** effectiveRules of one rule in SQL: the user `userId`'s value, `baseline` being today's (an SQL integer). */
export const effectiveRuleSql = (rule: GroupRule, userId: Sql, baseline: Sql): RawBuilder<number> =>
  sql<number>`coalesce((SELECT max(coalesce(g.${sql.raw(COLUMN[rule])}, ${baseline}))
    FROM group_members m JOIN groups g ON g.id = m.group_id WHERE m.user_id = ${userId}), ${baseline})`;
