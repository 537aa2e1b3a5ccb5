import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { replaceLinks } from '../../platform/db/insert-rows.ts';

/*
 * Memberships by the user, for a bulk set-up (an import's `groups` column): which group a name is, which groups
 * users are in, and users' memberships set to exactly the groups given. A few statements for any number of
 * users; each membership that comes or goes is its own audited row (group_members).
 */

/** Every group's id by its name in lower case (names are unique in any case). */
export async function groupIdsByName(db: Executor): Promise<Map<string, string>> {
  const groups = await sql<{ id: string; name: string }>`SELECT id::text AS id, lower(name) AS name
    FROM groups`.execute(db);
  return new Map(groups.rows.map(({ id, name }) => [name, id]));
}

/** The groups each of `userIds` is in (their ids, ascending); a user in none has an empty list. */
export async function groupIdsOfUsers(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const found = await sql<{ userId: string; groupIds: string[] }>`SELECT u.id::text AS user_id,
      ARRAY(SELECT m.group_id::text FROM group_members m WHERE m.user_id = u.id ORDER BY m.group_id) AS group_ids
    FROM unnest(${userIds}::bigint[]) AS u(id)`.execute(db);
  return new Map(found.rows.map(({ userId, groupIds }) => [userId, groupIds]));
}

export type Memberships = { userId: string; groupIds: readonly string[] };

/**
 * Each user's memberships set to exactly their `groupIds` (an empty list: none): the memberships they keep
 * stay as they are, the others go, the new ones come.
 */
export const setMemberships = (db: Executor, memberships: readonly Memberships[]): Promise<void> =>
  replaceLinks(
    db,
    { table: 'group_members', ownerColumn: 'user_id', targetColumn: 'group_id' },
    memberships.map(({ userId }) => userId),
    memberships.flatMap(({ userId, groupIds }) =>
      [...new Set(groupIds)].map((groupId) => [userId, groupId] as const),
    ),
  );
