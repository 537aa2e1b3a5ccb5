import { sql } from 'kysely';
import { type ActorScope, type Predicate, selfOnly } from '../../engine/access.ts';
import type { Sql } from '../../engine/source.ts';

/** Users pick themselves in forms; administrators pick any active user (a leaver is in no picker). */
export const usersForInput = (alias: string, scope: ActorScope): Predicate =>
  scope.isAdministrator ? sql`${sql.ref(`${alias}.is_active`)}` : selfOnly(alias, scope);

/** The user a form is filled in for: the one an administrator picked in the draft, else the actor. */
export const formUser = (
  draft: Readonly<Record<string, string>>,
  scope: { userId: string; isAdministrator: boolean },
): Sql => sql`${scope.isAdministrator ? (draft.user ?? scope.userId) : scope.userId}`;
