import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { adoptedSharedSecret, replaceSharedSecret } from '../shared-secrets.ts';

/**
 * Signing keys and cookie keys of the embedded IdP, kept in the database (shared_secrets) so a restart logs
 * nobody out and every instance on the database issues and accepts the same tokens and cookies. The first of
 * each signs; the others, those a rotation replaced, only verify until `previousUntil` (then they are dropped).
 */
export type IdpKeys = { jwks: { keys: JWK[] }; cookieKeys: string[]; previousUntil?: Date };

const StoredIdpKeys = z.object({
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }),
  cookieKeys: z.array(z.string().min(16)).min(1),
  // Absent before the first rotation, and in a pre-0007 idp-keys.json: every key is current then.
  previousUntil: z.iso.datetime().optional(),
});
type StoredIdpKeys = z.infer<typeof StoredIdpKeys>;

const PRIVATE_PARAMS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const;

function generateIdpKeys(): { jwks: { keys: JWK[] }; cookieKeys: string[] } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return {
    jwks: { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

const IDP_KEYS = 'idp-keys';

/**
 * The shared keys in force at `now`, generated once (a pre-0007 DATA_DIR/idp-keys.json is adopted): the keys a
 * rotation replaced while their grace lasts, marked verify-only (RFC 7517 key_ops), none once it is over.
 */
export async function loadIdpKeys(db: Kysely<DB>, dataDir: string, now = new Date()): Promise<IdpKeys> {
  const text = await adoptedSharedSecret(db, IDP_KEYS, path.join(dataDir, `${IDP_KEYS}.json`), () =>
    JSON.stringify(generateIdpKeys()),
  );
  const stored = StoredIdpKeys.parse(JSON.parse(text));
  const keys = stored.jwks.keys as JWK[];
  if (stored.previousUntil === undefined) {
    return { jwks: { keys }, cookieKeys: stored.cookieKeys };
  }
  const previousUntil = new Date(stored.previousUntil);
  const [current, ...previous] = keys as [JWK, ...JWK[]];
  const [cookieKey, ...previousCookieKeys] = stored.cookieKeys as [string, ...string[]];
  if (previousUntil <= now) {
    return { jwks: { keys: [current] }, cookieKeys: [cookieKey] };
  }
  return {
    jwks: { keys: [current, ...previous.map((key): JWK => ({ ...key, key_ops: ['verify'] }))] },
    cookieKeys: [cookieKey, ...previousCookieKeys],
    previousUntil,
  };
}

/**
 * New signing and cookie keys for every instance on the database, in force from each one's next start. The
 * keys they replace keep verifying for `graceSeconds` (tokens and sign-in cookies they signed stay good that
 * long); keys an earlier rotation replaced go now. A grace of 0 drops them at once (after a leak).
 */
export async function rotateIdpKeys(
  db: Kysely<DB>,
  rotation: { graceSeconds: number; now?: Date },
): Promise<void> {
  const now = rotation.now ?? new Date();
  await replaceSharedSecret(db, IDP_KEYS, (text) => {
    const fresh = generateIdpKeys();
    if (text === undefined || rotation.graceSeconds <= 0) {
      return JSON.stringify(fresh);
    }
    const stored = StoredIdpKeys.parse(JSON.parse(text));
    const next: StoredIdpKeys = {
      jwks: { keys: [...fresh.jwks.keys, ...stored.jwks.keys.slice(0, 1)] },
      cookieKeys: [...fresh.cookieKeys, ...stored.cookieKeys.slice(0, 1)],
      previousUntil: new Date(now.getTime() + rotation.graceSeconds * 1000).toISOString(),
    };
    return JSON.stringify(next);
  });
}

/** The keys a rotation replaced, by kid, with the instant they stop verifying tokens. */
export function retiredKeys(keys: IdpKeys): ReadonlyMap<string, Date> {
  const { previousUntil } = keys;
  return new Map(
    previousUntil === undefined
      ? []
      : keys.jwks.keys.slice(1).map((key): [string, Date] => [String(key.kid), previousUntil]),
  );
}

/** The public half of a key set, as the IdP publishes it at its jwks endpoint. */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map((key) => {
      const copy: JWK = { ...key };
      for (const param of PRIVATE_PARAMS) {
        delete copy[param];
      }
      return copy;
    }),
  };
}
