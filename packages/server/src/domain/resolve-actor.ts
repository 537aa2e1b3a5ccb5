import { LOCALES, type Locale } from '@parkhere/contract';
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
 * The supported locale an `Accept-Language` header asks for first (the web app sends its UI language, e.g.
 * `hu-HU`; a bare `hu` or `en` counts too), or undefined.
 */
export function requestedLocale(acceptLanguage: string | undefined): Locale | undefined {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  if (first === undefined || first === '') {
    return undefined;
  }
  return (
    LOCALES.find((locale) => locale.toLowerCase() === first) ??
    LOCALES.find((locale) => locale.slice(0, 2).toLowerCase() === first)
  );
}

/**
 * Remembers the language the user works in, so their mails go out in it (DESIGN §4 Notifications). Only a
 * change is written, and it is no edit of the user: the version stays, so nobody's open form goes stale.
 */
export async function recordLocale(
  db: Kysely<DB>,
  user: UserRow,
  locale: Locale | undefined,
): Promise<UserRow> {
  if (locale === undefined || user.locale === locale) {
    return user;
  }
  await db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
  return { ...user, locale };
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
