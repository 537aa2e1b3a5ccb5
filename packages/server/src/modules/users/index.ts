import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { Constraints } from '../../platform/errors.ts';
import { profileSettingsSource, type UserCounts, userForInputSource, userSettingsSource } from './source.ts';

export { formUser, usersForInput } from './access.ts';
export { signInDirectory } from './sign-in-directory.ts';
export type { UserCounts } from './source.ts';

/** The users' sources, with what other modules count of a user (`UserCounts`). */
export const sourcesCounting = (counts: UserCounts) =>
  ({
    ProfileSettings: profileSettingsSource(counts),
    UserForInput: userForInputSource,
    UserSettings: userSettingsSource(counts),
  }) satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [
  { table: 'users' },
  { table: 'user_accessed_garages' },
  { table: 'user_id_card_garages' },
];

/** A user's email is unique (any case). */
export const constraints = {
  users_email_key: { attribute: 'email' },
} satisfies Constraints;
