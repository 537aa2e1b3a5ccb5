import { LOCALES, type Locale } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import { actors, type Origin, stampedTransaction, userStamp } from '../db/actor-stamp.ts';
import type { AuditedTable } from '../db/audit.ts';
import type { DB, UserRow } from '../db/schema.ts';
import { ForbiddenError } from '../errors.ts';
import type { TokenIdentity } from './token-verifier.ts';
import type { SignInUser, UserDirectory } from './user-directory.ts';

export type ProvisioningPolicy = {
  allowedEmailDomains: string[];
  adminEmails: string[];
  /** Link and create users by an email the provider does not say is verified (OIDC_TRUST_UNVERIFIED_EMAIL). */
  trustUnverifiedEmail: boolean;
};

/** The policy, and where the users it provisions are kept (the users module's, handed over by app.ts). */
export type Provisioning = ProvisioningPolicy & { users: UserDirectory };

/** The provider accounts' bindings, audited as the users they bind are. */
export const identitiesAudited: readonly AuditedTable[] = [{ table: 'user_identities' }];

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
 * change is written, and it is no edit of the user: the version stays, so nobody's open form goes stale. The
 * audit log has it as the user's, for the reason 'app language'.
 */
export async function recordLocale(
  db: Kysely<DB>,
  users: UserDirectory,
  user: UserRow,
  locale: Locale | undefined,
  origin: Origin = {},
): Promise<UserRow> {
  if (locale === undefined || user.locale === locale) {
    return user;
  }
  await stampedTransaction(db, { ...userStamp(user.id, origin), reason: 'app language' }, (transaction) =>
    users.setLocale(transaction, user.id, locale),
  );
  return { ...user, locale };
}

/**
 * The user behind a verified token (DESIGN §2 provisioning). A user is who the provider's (issuer, subject)
 * was bound to on its first sign-in, never whoever the token's email names: a provider may let its users
 * edit their email. Only that first sign-in goes by email, and only an email the provider vouches for
 * (`email_verified`, or `trustUnverifiedEmail` for providers that never send it): it links the existing user
 * of that email, or creates one for an allowed domain (administrator when listed in ADMIN_EMAILS).
 *
 * 403 EMAIL_DOMAIN_NOT_ALLOWED: an unknown email outside the allowed domains. 403 ACCOUNT_DEACTIVATED: an
 * inactive user. 403 AUTHENTICATED_ENTITY_NOT_FOUND: a token naming no email, or a user not (yet) readable
 * after provisioning: SPEC §6's 'still in progress'. Each tells the user the truth. 403 EMAIL_NOT_VERIFIED: a first
 * sign-in with an email the provider does not vouch for. 403 IDENTITY_CONFLICT: a bound account whose token
 * names another user's email, or an account claiming the email of a user bound to another account there.
 * The audit log has what provisioning writes as the provider's account's (`sign-in:<issuer>#<subject>`), for
 * the reason 'first sign-in'; each write commits on its own, as before.
 */
export async function resolveActor(
  db: Kysely<DB>,
  identity: TokenIdentity,
  provisioning: Provisioning,
  origin: Origin = {},
): Promise<Actor> {
  const { users } = provisioning;
  const email = tokenEmail(identity);
  // The request's one statement once the account is bound.
  const bound = await boundUser(db, users, identity);
  if (bound !== undefined) {
    if (email !== undefined && !sameEmail(email, bound.email) && (await users.find(db, { email }))) {
      throw new ForbiddenError('IDENTITY_CONFLICT');
    }
    return activeActor(db, users, bound, identity, origin);
  }

  if (email === undefined) {
    throw new ForbiddenError('AUTHENTICATED_ENTITY_NOT_FOUND');
  }
  const firstSignIn = {
    actor: actors.signIn(identity.issuer, identity.subject),
    reason: 'first sign-in',
    ...origin,
  };
  // preferred_username stands in for a missing email claim, but email_verified never vouches for it.
  const verified =
    provisioning.trustUnverifiedEmail || (identity.emailVerified && identity.email !== undefined);
  let found = await users.find(db, { email });
  if (found === undefined) {
    if (!provisioning.allowedEmailDomains.includes(emailDomain(email))) {
      throw new ForbiddenError('EMAIL_DOMAIN_NOT_ALLOWED');
    }
    if (!verified) {
      throw new ForbiddenError('EMAIL_NOT_VERIFIED');
    }
    // Two first requests may race: both add, one row stays and both read it back.
    await stampedTransaction(db, firstSignIn, (transaction) =>
      users.add(transaction, {
        email,
        name: identity.name ?? email.slice(0, email.indexOf('@')),
        isAdministrator: provisioning.adminEmails.includes(email.toLowerCase()),
      }),
    );
    found = await users.find(db, { email });
  } else if (!verified) {
    throw new ForbiddenError('EMAIL_NOT_VERIFIED');
  }
  if (found === undefined) {
    throw new ForbiddenError('AUTHENTICATED_ENTITY_NOT_FOUND');
  }
  await assertActive(db, users, found, identity, origin);

  // Either unique key may refuse the binding: the subject was bound a moment ago (by a racing first request,
  // to this user or another), or this user already has another subject at this issuer.
  await stampedTransaction(db, firstSignIn, (transaction) =>
    transaction
      .insertInto('userIdentities')
      .values({ issuer: identity.issuer, subject: identity.subject, userId: found.id })
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  const binding = await db
    .selectFrom('userIdentities')
    .select('userId')
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  if (binding?.userId !== found.id) {
    throw new ForbiddenError('IDENTITY_CONFLICT');
  }
  return activeActor(db, users, found, identity, origin);
}

/** The user a provider's account (issuer, subject) is bound to, in one statement. */
const boundUser = (db: Kysely<DB>, users: UserDirectory, account: { issuer: string; subject: string }) =>
  users.find(db, {
    id: db
      .selectFrom('userIdentities')
      .select('userId')
      .where('issuer', '=', account.issuer)
      .where('subject', '=', account.subject)
      .$asScalar(),
  });

/**
 * Whether the user an account would sign in as, the one bound to it or else the one of its email, has been
 * deactivated: the embedded provider's login form refuses it rather than sign in a person the API refuses.
 */
export async function isAccountDeactivated(
  db: Kysely<DB>,
  users: UserDirectory,
  account: { issuer: string; subject: string; email: string },
): Promise<boolean> {
  const user = (await boundUser(db, users, account)) ?? (await users.find(db, { email: account.email }));
  return user !== undefined && !user.isActive;
}

function sameEmail(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * 403 ACCOUNT_DEACTIVATED for an inactive user. One who has not left yet (made inactive by another path than
 * the users' deactivation: SQL, an import, before leavers existed) leaves now, once, as the sign-in's change:
 * what they still hold is released before they are refused.
 */
async function assertActive(
  db: Kysely<DB>,
  users: UserDirectory,
  found: SignInUser,
  identity: TokenIdentity,
  origin: Origin,
): Promise<void> {
  if (found.isActive) {
    return;
  }
  if (found.leftAt === null) {
    const accountDisabled = {
      actor: actors.signIn(identity.issuer, identity.subject),
      reason: 'account disabled',
      ...origin,
    };
    await stampedTransaction(db, accountDisabled, (transaction) => users.leave(transaction, found.id));
  }
  throw new ForbiddenError('ACCOUNT_DEACTIVATED');
}

async function activeActor(
  db: Kysely<DB>,
  users: UserDirectory,
  found: SignInUser,
  identity: TokenIdentity,
  origin: Origin,
): Promise<Actor> {
  await assertActive(db, users, found, identity, origin);
  const { isDoorman, ...user } = found;
  return { user, isDoorman, identity };
}
