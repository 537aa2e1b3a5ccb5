import { type RawBuilder, sql } from 'kysely';
import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { Constraints } from '../../platform/errors.ts';
import type { LifecycleHooks } from '../../platform/lifecycle.ts';
import { listPart } from '../../platform/personal-data.ts';
import { groupSettingsSource } from './source.ts';

export {
  type DirectoryGroup,
  type DirectoryGroupInput,
  type DirectoryGroupQuery,
  directoryGroups,
} from './directory-groups.ts';
export {
  groupIdsByName,
  groupIdsOfUsers,
  type Memberships,
  setMemberships,
} from './memberships.ts';
export { effectiveRuleSql, effectiveRules } from './rules/effective-rules.ts';
export {
  type Pool,
  type PoolDays,
  poolClosedUntil,
  poolDaysOf,
  poolOpenSql,
  poolRelease,
  poolSql,
} from './rules/pool-release.ts';

/** The name of the group `groupId` (an SQL bigint, null for none): what a pool slot shows of its group. */
export const groupNameSql = (groupId: RawBuilder<unknown>): RawBuilder<string | null> =>
  sql<string | null>`(SELECT g.name FROM groups g WHERE g.id = ${groupId})`;

/*
 * [Pools] Groups of users with rules of their own: administrators manage them (Actor/groups); a member's
 * horizon and quotas are the most generous of their groups' (rules/effective-rules.ts), read by reservations.
 */
export const sources = { GroupSettings: groupSettingsSource } satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'groups' }, { table: 'group_members' }];

/** A group's name is unique (any case), and so is its directory id. */
export const constraints = {
  groups_name_key: { attribute: 'name' },
  groups_external_id_key: { attribute: 'externalId' },
} satisfies Constraints;

/**
 * Decided: a leaver keeps their memberships. Leaving already takes what they hold (reservations, waits,
 * requests) and a deactivated user books nothing, so a membership grants nothing while they are away; kept,
 * it is there again when an administrator or the directory brings them back (their garage access stays as
 * well). An erased person is a member of no group: the rows that tied them to a group go.
 */
export const hooks: LifecycleHooks = {
  userErased: async (db, { userId }) => {
    await sql`DELETE FROM group_members WHERE user_id = ${userId}::bigint`.execute(db);
  },
};

/** The groups the user is a member of, with their rules, for their own copy of their data. */
export const personalData = listPart(
  'groups',
  (userId) => sql`SELECT g.name, g.external_id, g.max_days_in_advance, g.max_normal_reservation,
      g.max_long_reservation, g.pool_release_time, g.pool_release_working_days_before
    FROM group_members m JOIN groups g ON g.id = m.group_id
    WHERE m.user_id = ${userId}::bigint ORDER BY g.name, g.id`,
);
