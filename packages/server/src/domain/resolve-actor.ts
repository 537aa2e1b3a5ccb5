import { type Kysely, sql } from 'kysely';
import type { TokenIdentity } from '../auth/token-verifier.ts';
import type { DB, UserRow } from '../db/schema.ts';
import { ForbiddenError } from './errors.ts';

export type ProvisioningPolicy = { allowedEmailDomains: string[]; adminEmails: string[] };

export type Actor = { user: UserRow; isDoorman: boolean; identity: TokenIdentity };

/** The email a token identifies its holder by; some providers only put it in preferred_username. */
export function tokenEmail(identity: TokenIdentity): string | undefined {
  const candidate = identity.email ?? identity.preferredUsername;
  if (candidate === undefined || !/^[^\s@]+@[^\s@]+$/.test(candidate)) {
    return undefined;
  }
  return candidate.trim();
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The user behind a verified token. The first sign-in of an allowed-domain email creates the
 * user with the model's defaults (administrator when listed in ADMIN_EMAILS). Unknown
 * outsiders and inactive users get AUTHENTICATED_ENTITY_NOT_FOUND.
 */
export async function resolveActor(
  db: Kysely<DB>,
  identity: TokenIdentity,
  policy: ProvisioningPolicy,
): Promise<Actor> {
  const email = tokenEmail(identity);
  if (email === undefined) {
    throw new ForbiddenError('AUTHENTICATED_ENTITY_NOT_FOUND');
  }
  const lowerEmail = email.toLowerCase();
  // One statement per request: the user and whether the same email is a doorman's.
  const findActor = () =>
    db
      .selectFrom('users')
      .selectAll('users')
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM doormen WHERE lower(doormen.email) = ${lowerEmail})`.as(
          'isDoorman',
        ),
      )
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', lowerEmail))
      .executeTakeFirst();

  let found = await findActor();
  if (found === undefined) {
    if (!policy.allowedEmailDomains.includes(emailDomain(email))) {
      throw new ForbiddenError('AUTHENTICATED_ENTITY_NOT_FOUND');
    }
    // Two first requests may race; the unique index keeps one row and both read it back.
    await db
      .insertInto('users')
      .values({
        email,
        name: identity.name ?? email.slice(0, email.indexOf('@')),
        isAdministrator: policy.adminEmails.includes(lowerEmail),
      })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .execute();
    found = await findActor();
  }
  if (found === undefined || !found.isActive) {
    throw new ForbiddenError('AUTHENTICATED_ENTITY_NOT_FOUND');
  }
  const { isDoorman, ...user } = found;
  return { user, isDoorman, identity };
}
