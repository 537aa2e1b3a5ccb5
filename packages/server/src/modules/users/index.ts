import { sql } from 'kysely';
import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import { columnsOf } from '../../platform/db/column-list.ts';
import { jsonRows, type PersonalDataPart } from '../../platform/personal-data.ts';
import type { Deactivate } from './deactivate-user.ts';
import {
  deactivationReleaseSource,
  profileSettingsSource,
  type UserCounts,
  userForInputSource,
  userSettingsSource,
} from './source.ts';
import { USER_COLUMNS } from './user-columns.ts';

export { formUser, usersForInput } from './access.ts';
export { type Anonymise, anonymiseUser } from './anonymise-user.ts';
export { constraints } from './constraints.ts';
export { type Deactivate, deactivateUser, type Leaving } from './deactivate-user.ts';
export {
  type DirectoryQuery,
  type DirectoryUser,
  type DirectoryUserInput,
  directoryUsers,
} from './directory-users.ts';
export { usersByEmail } from './imported-users.ts';
export { userOperationsOf as operationsOf } from './operations.ts';
export { userNamesSql } from './report-sql.ts';
export { signInDirectory } from './sign-in-directory.ts';
export type { UserCounts } from './source.ts';

/**
 * The users' sources, with what other modules count of a user (`UserCounts`) and the one way a user leaves
 * (`deactivate`: deactivateUser with the modules' hooks), both handed in by the composition root.
 */
export const sourcesOf = (counts: UserCounts, deactivate: Deactivate) =>
  ({
    ProfileSettings: profileSettingsSource(counts),
    UserForInput: userForInputSource,
    UserSettings: userSettingsSource(counts, deactivate),
    DeactivationRelease: deactivationReleaseSource(counts),
  }) satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [
  { table: 'users' },
  { table: 'user_accessed_garages' },
  { table: 'user_id_card_garages' },
];

/** The user's profile with the garages they may use, for their own copy of their data. */
export const personalData: PersonalDataPart = async (db, userId) => {
  const [profile] = await jsonRows(
    db,
    sql`SELECT ${columnsOf('u', USER_COLUMNS)},
      ARRAY(SELECT parking_garage_id::text FROM user_accessed_garages WHERE user_id = u.id ORDER BY 1)
        AS accessed_parking_garage_ids
    FROM users u WHERE u.id = ${userId}::bigint`,
  );
  return { profile: profile ?? null };
};
