import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { BoundedCache } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { adoptedSharedSecret, randomSecret, replaceSharedSecret } from '../shared-secrets.ts';

/** What a signed identifier vouches for: this entity, of this type, at this version. */
export const SignedIdentity = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  version: z.number().int(),
});
export type SignedIdentity = z.infer<typeof SignedIdentity>;

export type SignedIdentifiers = {
  sign: (identity: SignedIdentity) => Promise<string>;
  /** The identity, or undefined when the value was not signed by this server or is malformed. */
  verify: (signedIdentifier: string) => Promise<SignedIdentity | undefined>;
};

// A compact JWS with HS256 (RFC 7515), computed with node:crypto: every listed row carries one, and WebCrypto's
// asynchronous HMAC (what jose uses) cost a thread-pool round trip per identifier.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const COMPACT = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

// Answers sign the same few identifiers over and over (the actor's user, cars, slots): both directions are
// remembered, so a repeated one costs a map lookup instead of an HMAC. Only verified identifiers are kept, and
// both maps are emptied when full, so a flood of forged or distinct values cannot grow them.
const MEMO_LIMIT = 20_000;

export function createSignedIdentifiers(secret: string): SignedIdentifiers {
  const mac = (signingInput: string) => createHmac('sha256', secret).update(signingInput).digest();
  const signedByIdentity = new BoundedCache<string, string>(MEMO_LIMIT);
  const identityBySigned = new BoundedCache<string, SignedIdentity>(MEMO_LIMIT);
  const sign = (identity: SignedIdentity): string => {
    const key = JSON.stringify([identity.id, identity.type, identity.version]);
    const known = signedByIdentity.get(key);
    if (known !== undefined) {
      return known;
    }
    const { id, type, version } = SignedIdentity.parse(identity);
    const payload = Buffer.from(JSON.stringify({ id, type, version })).toString('base64url');
    const signingInput = `${HEADER}.${payload}`;
    return signedByIdentity.set(key, `${signingInput}.${mac(signingInput).toString('base64url')}`);
  };
  const verify = (signedIdentifier: string): SignedIdentity | undefined => {
    const known = identityBySigned.get(signedIdentifier);
    if (known !== undefined) {
      return { ...known };
    }
    const match = COMPACT.exec(signedIdentifier);
    if (match === null || match[1] !== HEADER) {
      return undefined;
    }
    const [, header, payload, signature] = match as unknown as [string, string, string, string];
    // Compared as text: base64url decoding ignores the last character's two spare bits, so four spellings
    // decode to one MAC, and only the one this server writes is its identifier.
    const expected = Buffer.from(mac(`${header}.${payload}`).toString('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return undefined;
    }
    try {
      const parsed = SignedIdentity.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      return parsed.success ? { ...identityBySigned.set(signedIdentifier, parsed.data) } : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    sign: async (identity) => sign(identity),
    verify: async (signedIdentifier) => verify(signedIdentifier),
  };
}

const SIGNING_SECRET = 'signing-secret';

/**
 * SIGNING_SECRET when configured (every instance must then be given the same), else the secret the instances
 * on the database share, generated once (a pre-0007 DATA_DIR/signing-secret is adopted).
 */
export async function resolveSigningSecret(
  db: Kysely<DB>,
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured !== undefined) {
    return configured;
  }
  return adoptedSharedSecret(db, SIGNING_SECRET, path.join(dataDir, SIGNING_SECRET), randomSecret);
}

/**
 * A new signing secret for every instance on the database, in force from each one's next start: whatever the
 * old one signed (signed identifiers, file and check-in tokens, calendar feed addresses) is refused from then on.
 */
export async function rotateSigningSecret(db: Kysely<DB>): Promise<void> {
  await replaceSharedSecret(db, SIGNING_SECRET, randomSecret);
}

/**
 * The secret in force, given `app.config.signingSecret`: buildApp puts the resolved secret there
 * (resolveSigningSecret), so whoever reads the config signs with what every instance signs with.
 */
export function loadSigningSecret(resolved: string | undefined): string {
  if (resolved === undefined) {
    throw new Error('the signing secret is resolved when the app is built: read app.config.signingSecret');
  }
  return resolved;
}
