import type { Constraints } from '../../platform/errors.ts';

/**
 * A user's email is theirs alone (any case): another user's is refused as taken, whether a user is made or
 * changed, by an administrator, an import or the directory; a change of one's own email's case is not. The
 * one meaning of the unique index: createUsers' own check answers it, and every entry point maps the index's
 * refusal by it (the engine's fromDatabaseError through the registry).
 */
export const constraints = {
  users_email_key: { taken: 'USER_EMAIL_TAKEN', message: 'Another user has this email address already' },
} satisfies Constraints;
