import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { type OffsetPage, offsetPage } from '../../platform/db/offset-page.ts';
import { createUser } from './create-user.ts';

/*
 * The users as a company directory provisions them (SCIM 2.0, modules/scim): created before their first
 * sign-in (which links them by verified email), found by email or the directory's `externalId`, updated,
 * deactivated through the one way a user leaves, and deleted from the directory's view. A user the directory
 * deleted is none of its resources any more; every user else is, whoever created them.
 */

/** A user as the directory sees them. */
export type DirectoryUser = {
  id: string;
  email: string;
  name: string;
  externalId: string | null;
  isActive: boolean;
  /** Erased (anonymised): their name and email are a pseudonym. */
  anonymised: boolean;
  version: number;
  createdAt: Date;
};

/** What the directory sets of a user. */
export type DirectoryUserInput = {
  email: string;
  name: string;
  externalId: string | null;
  isActive: boolean;
};

/** Which users a directory's query asks for: an email (any case) or an externalId, or all. */
export type DirectoryQuery = { email?: string; externalId?: string };

const COLUMNS = sql`id, email, name, external_id, is_active, anonymised_at IS NOT NULL AS anonymised, version,
  created_at`;

const present = sql`directory_deleted_at IS NULL`;

/** Both by the unique indexes (users_email_key on lower(email), users_external_id_key). */
const matching = (query: DirectoryQuery): RawBuilder<unknown> =>
  sql.join(
    [
      present,
      ...(query.email === undefined ? [] : [sql`lower(email) = lower(${query.email})`]),
      ...(query.externalId === undefined ? [] : [sql`external_id = ${query.externalId}`]),
    ],
    sql` AND `,
  );

/** The user, unless the directory deleted them. */
export async function findDirectoryUser(db: Executor, id: string): Promise<DirectoryUser | undefined> {
  const found = await sql<DirectoryUser>`SELECT ${COLUMNS} FROM users
    WHERE id = ${id}::bigint AND ${present}`.execute(db);
  return found.rows[0];
}

/** Of these users, those the directory has not deleted (a group's members), in id order. */
export async function presentDirectoryUsers(
  db: Executor,
  ids: readonly string[],
): Promise<Pick<DirectoryUser, 'id' | 'name'>[]> {
  if (ids.length === 0) {
    return [];
  }
  const found = await sql<Pick<DirectoryUser, 'id' | 'name'>>`SELECT id, name FROM users
    WHERE id = ANY(${ids.map(Number)}::bigint[]) AND ${present} ORDER BY id`.execute(db);
  return found.rows.map((row) => ({ id: String(row.id), name: row.name }));
}

/** One page of the users a query asks for, in id order, and how many it asks for in all. */
export async function listDirectoryUsers(
  db: Executor,
  query: DirectoryQuery,
  page: OffsetPage,
): Promise<{ total: number; users: DirectoryUser[] }> {
  const { total, rows } = await offsetPage<DirectoryUser>(
    db,
    COLUMNS,
    sql`FROM users WHERE ${matching(query)}`,
    page,
  );
  return { total, users: rows };
}

/** A new user with the users' defaults (rights, quotas, working hours), made the one way users are made. */
export async function createDirectoryUser(
  db: Executor,
  input: DirectoryUserInput,
  now: Date,
): Promise<DirectoryUser> {
  const id = await createUser(
    db,
    { email: input.email, name: input.name, external_id: input.externalId, is_active: input.isActive },
    now,
  );
  return (await findDirectoryUser(db, id)) as DirectoryUser;
}

/**
 * Sets what the directory keeps of a present user (not whether they are active: that is a leaving or a
 * return, the caller's to run) and counts a change as an edit. Whether the user was there.
 */
export async function updateDirectoryUser(
  db: Executor,
  id: string,
  input: Omit<DirectoryUserInput, 'isActive'>,
): Promise<boolean> {
  const updated = await sql`UPDATE users SET email = ${input.email}, name = ${input.name},
      external_id = ${input.externalId},
      version = version + CASE WHEN (email, name, external_id) IS DISTINCT FROM
        (${input.email}, ${input.name}, ${input.externalId}::text) THEN 1 ELSE 0 END
    WHERE id = ${id}::bigint AND ${present}`.execute(db);
  return Number(updated.numAffectedRows ?? 0) > 0;
}

/** A return: the user is active again (migration 0025's trigger clears when they left). */
export async function reactivateDirectoryUser(db: Executor, id: string): Promise<void> {
  await sql`UPDATE users SET is_active = true, version = version + 1
    WHERE id = ${id}::bigint AND NOT is_active AND ${present}`.execute(db);
}

/** The directory deleted (and erased) the user: no longer one of its resources; their externalId is free again. */
export async function markDirectoryDeleted(db: Executor, id: string, now: Date): Promise<void> {
  await sql`UPDATE users SET directory_deleted_at = ${now.toISOString()}::timestamptz, external_id = NULL,
      version = version + 1
    WHERE id = ${id}::bigint AND ${present}`.execute(db);
}

/** What the directory does with users (modules/scim), as one part of the users module's public file. */
export const directoryUsers = {
  find: findDirectoryUser,
  present: presentDirectoryUsers,
  list: listDirectoryUsers,
  create: createDirectoryUser,
  update: updateDirectoryUser,
  reactivate: reactivateDirectoryUser,
  markDeleted: markDirectoryDeleted,
};
