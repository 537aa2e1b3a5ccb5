import { generateKeyPairSync } from 'node:crypto';
import { importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Config } from '../src/platform/config.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { loadIdpKeys } from '../src/platform/idp/keys.ts';
import type { TestServer } from './world.ts';

/** A server to mint for: its config, and the database that holds its IdP's keys (a test server's own). */
export type MintTarget = { config: Config; app: { database: { db: Kysely<DB> } } };

export type MintOptions = {
  login?: string;
  /** The `sub` claim; the login when unset. */
  subject?: string;
  /** The email claim; null leaves it out (the user is named by preferred_username then). */
  email?: string | null;
  /** The email_verified claim; true as the embedded IdP sends it. */
  emailVerified?: boolean;
  name?: string;
  /** The preferred_username claim; the login when unset. */
  preferredUsername?: string;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Sign with a key the IdP never had (same kid), i.e. a forgery. */
  forged?: boolean;
};

/**
 * Mints an access token the way the embedded IdP does, with its persisted private key, so
 * negative cases differ from a genuine token in exactly one respect.
 */
export async function mintToken(server: MintTarget, options: MintOptions = {}): Promise<string> {
  const [genuine] = (await loadIdpKeys(server.app.database.db, server.config.dataDir)).jwks.keys;
  if (genuine === undefined) {
    throw new Error('the IdP has no key');
  }
  const jwk: JWK = options.forged
    ? {
        ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as JWK),
        kid: genuine.kid,
      }
    : genuine;
  const login = options.login ?? 'user';
  const now = Math.floor(Date.now() / 1000);
  const email = options.email === undefined ? `${login}@parkhere.example` : options.email;
  const claims: JWTPayload = {
    ...(email === null ? {} : { email, email_verified: options.emailVerified ?? true }),
    preferred_username: options.preferredUsername ?? login,
    name: options.name ?? `Test ${login}`,
    scope: 'api',
    client_id: server.config.identity.clientId,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid === undefined ? {} : { kid: jwk.kid }) })
    .setSubject(options.subject ?? login)
    .setIssuer(options.issuer ?? server.config.identity.issuer)
    .setAudience(options.audience ?? server.config.identity.audience)
    .setIssuedAt(now - 5)
    .setExpirationTime(now + (options.expiresIn ?? 300))
    .setJti(crypto.randomUUID())
    .sign(await importJWK(jwk, 'RS256'));
}

/** An unsigned token (`alg: none`) with otherwise perfect claims. */
export function unsignedToken(server: TestServer, login = 'user'): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
    sub: login,
    email: `${login}@parkhere.example`,
    preferred_username: login,
    iss: server.config.identity.issuer,
    aud: server.config.identity.audience,
    iat: now,
    exp: now + 300,
  })}.`;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
