import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { legacySecretFile, sharedSecret } from '../shared-secrets.ts';

/**
 * Signing keys and cookie keys of the embedded IdP, kept in the database (shared_secrets) so a restart logs
 * nobody out and every instance on the database issues and accepts the same tokens and cookies.
 */
export type IdpKeys = { jwks: { keys: JWK[] }; cookieKeys: string[] };

const IdpKeysFile = z.object({
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }),
  cookieKeys: z.array(z.string().min(16)).min(1),
});

const PRIVATE_PARAMS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const;

function generateIdpKeys(): IdpKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return {
    jwks: { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

const IDP_KEYS = 'idp-keys';

/** The shared keys, generated once (a pre-0007 DATA_DIR/idp-keys.json is adopted). */
export async function loadIdpKeys(db: Kysely<DB>, dataDir: string): Promise<IdpKeys> {
  const text = await sharedSecret(
    db,
    IDP_KEYS,
    () => legacySecretFile(path.join(dataDir, `${IDP_KEYS}.json`)) ?? JSON.stringify(generateIdpKeys()),
  );
  const parsed = IdpKeysFile.parse(JSON.parse(text));
  return { jwks: { keys: parsed.jwks.keys as JWK[] }, cookieKeys: parsed.cookieKeys };
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
