import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { type OffsetPage, offsetPage } from '../../platform/db/offset-page.ts';

/*
 * [Pools] The groups as a company directory maintains them (SCIM 2.0 Groups, modules/scim): the same groups the
 * administrators keep (Settings › Groups), found by name (any case) or the directory's `externalId`, renamed,
 * their members added and removed one by one (so two directories' changes of one group never undo each other)
 * and deleted. The directory sets no rule: a group it creates has none until an administrator sets them, and
 * its changes keep what an administrator set.
 */

/** A group as the directory sees it, with its members' user ids in id order (when asked for). */
export type DirectoryGroup = {
  id: string;
  name: string;
  externalId: string | null;
  version: number;
  createdAt: Date;
  memberIds: string[];
};

/** What the directory sets of a group. */
export type DirectoryGroupInput = { name: string; externalId: string | null };

/** Which groups a directory's query asks for: a name (any case) or an externalId, or all. */
export type DirectoryGroupQuery = { name?: string; externalId?: string };

type GroupRow = Omit<DirectoryGroup, 'memberIds'>;

const COLUMNS = sql`id, name, external_id, version, created_at`;

/** Both by the unique indexes (groups_name_key on lower(name), groups_external_id_key). */
const matching = (query: DirectoryGroupQuery): RawBuilder<unknown> =>
  sql.join(
    [
      sql`true`,
      ...(query.name === undefined ? [] : [sql`lower(name) = lower(${query.name})`]),
      ...(query.externalId === undefined ? [] : [sql`external_id = ${query.externalId}`]),
    ],
    sql` AND `,
  );

/** Ids as numbers in ascending order: two writes of one group's members take their row locks in one order. */
const idsOf = (ids: readonly string[]) => ids.map(Number).sort((left, right) => left - right);

/** The members of each group, in user id order (none asked: no query). */
async function withMembers(db: Executor, groups: GroupRow[], members: boolean): Promise<DirectoryGroup[]> {
  if (!members || groups.length === 0) {
    return groups.map((group) => ({ ...group, memberIds: [] }));
  }
  const rows = await sql<{ groupId: string; userId: string }>`SELECT group_id, user_id FROM group_members
    WHERE group_id = ANY(${idsOf(groups.map((group) => group.id))}::bigint[])
    ORDER BY group_id, user_id`.execute(db);
  const byGroup = new Map<string, string[]>();
  for (const { groupId, userId } of rows.rows) {
    byGroup.set(String(groupId), [...(byGroup.get(String(groupId)) ?? []), String(userId)]);
  }
  return groups.map((group) => ({ ...group, memberIds: byGroup.get(String(group.id)) ?? [] }));
}

/** The group, with its members unless `members` is false. */
export async function findDirectoryGroup(
  db: Executor,
  id: string,
  members = true,
): Promise<DirectoryGroup | undefined> {
  const found = await sql<GroupRow>`SELECT ${COLUMNS} FROM groups WHERE id = ${id}::bigint`.execute(db);
  return (await withMembers(db, found.rows, members))[0];
}

/** One page of the groups a query asks for, in id order, and how many it asks for in all. */
export async function listDirectoryGroups(
  db: Executor,
  query: DirectoryGroupQuery,
  page: OffsetPage,
  members = true,
): Promise<{ total: number; groups: DirectoryGroup[] }> {
  const { total, rows } = await offsetPage<GroupRow>(
    db,
    COLUMNS,
    sql`FROM groups WHERE ${matching(query)}`,
    page,
  );
  return { total, groups: await withMembers(db, rows, members) };
}

/**
 * Takes the group's row lock for the rest of the transaction, so the directory's changes of one group run one
 * after the other (two PATCHes adding members never wait for each other's rows in opposite orders); whether the
 * group is there.
 */
export async function lockDirectoryGroup(db: Executor, id: string): Promise<boolean> {
  const locked = await sql`SELECT id FROM groups WHERE id = ${id}::bigint FOR UPDATE`.execute(db);
  return locked.rows.length > 0;
}

/** A new group with no rules of its own (the pool's release at its defaults); its id. */
export async function createDirectoryGroup(db: Executor, input: DirectoryGroupInput): Promise<string> {
  const created = await sql<{ id: string }>`INSERT INTO groups (name, external_id)
    VALUES (${input.name}, ${input.externalId}) RETURNING id`.execute(db);
  return String(created.rows[0]?.id);
}

/** Sets the group's name and directory id, counting a change as an edit; whether the group is there. */
export async function updateDirectoryGroup(
  db: Executor,
  id: string,
  input: DirectoryGroupInput,
): Promise<boolean> {
  const updated = await sql`UPDATE groups SET name = ${input.name}, external_id = ${input.externalId},
      version = version + CASE WHEN (name, external_id) IS DISTINCT FROM
        (${input.name}::text, ${input.externalId}::text) THEN 1 ELSE 0 END
    WHERE id = ${id}::bigint`.execute(db);
  return Number(updated.numAffectedRows ?? 0) > 0;
}

const touched = async (db: Executor, id: string, changed: number) => {
  if (changed > 0) {
    await sql`UPDATE groups SET version = version + 1 WHERE id = ${id}::bigint`.execute(db);
  }
};

/** Makes the users members (those who are already stay, once); a change counts as an edit of the group. */
export async function addDirectoryGroupMembers(
  db: Executor,
  id: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) {
    return;
  }
  const added = await sql`INSERT INTO group_members (group_id, user_id)
    SELECT ${id}::bigint, user_id FROM unnest(${idsOf(userIds)}::bigint[]) AS user_id
    ON CONFLICT DO NOTHING`.execute(db);
  await touched(db, id, Number(added.numAffectedRows ?? 0));
}

/** Removes the users from the group (all its members when `userIds` is undefined); those not in it are no change. */
export async function removeDirectoryGroupMembers(
  db: Executor,
  id: string,
  userIds: readonly string[] | undefined,
): Promise<void> {
  const which = userIds === undefined ? sql`true` : sql`user_id = ANY(${idsOf(userIds)}::bigint[])`;
  const removed = await sql`DELETE FROM group_members WHERE group_id = ${id}::bigint AND ${which}`.execute(
    db,
  );
  await touched(db, id, Number(removed.numAffectedRows ?? 0));
}

/** The members are exactly these users: the others leave the group, the new ones join it. */
export async function replaceDirectoryGroupMembers(
  db: Executor,
  id: string,
  userIds: readonly string[],
): Promise<void> {
  const removed = await sql`DELETE FROM group_members WHERE group_id = ${id}::bigint
    AND user_id <> ALL(${idsOf(userIds)}::bigint[])`.execute(db);
  await touched(db, id, Number(removed.numAffectedRows ?? 0));
  await addDirectoryGroupMembers(db, id, userIds);
}

/** Deletes the group with its memberships; whether it was there. */
export async function deleteDirectoryGroup(db: Executor, id: string): Promise<boolean> {
  const deleted = await sql`DELETE FROM groups WHERE id = ${id}::bigint`.execute(db);
  return Number(deleted.numAffectedRows ?? 0) > 0;
}

/** What the directory does with groups (modules/scim), as one part of the groups module's public file. */
export const directoryGroups = {
  find: findDirectoryGroup,
  lock: lockDirectoryGroup,
  list: listDirectoryGroups,
  create: createDirectoryGroup,
  update: updateDirectoryGroup,
  addMembers: addDirectoryGroupMembers,
  removeMembers: removeDirectoryGroupMembers,
  replaceMembers: replaceDirectoryGroupMembers,
  delete: deleteDirectoryGroup,
};
