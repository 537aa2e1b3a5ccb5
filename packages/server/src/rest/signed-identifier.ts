import path from 'node:path';
import { CompactSign, compactVerify } from 'jose';
import { z } from 'zod';
import { randomSecret, readOrCreateSecretFile } from '../secret-files.ts';

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

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function createSignedIdentifiers(secret: string): SignedIdentifiers {
  const key = encoder.encode(secret);
  return {
    sign: (identity) =>
      new CompactSign(encoder.encode(JSON.stringify(SignedIdentity.parse(identity))))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(key),
    verify: async (signedIdentifier) => {
      try {
        const { payload } = await compactVerify(signedIdentifier, key, { algorithms: ['HS256'] });
        const parsed = SignedIdentity.safeParse(JSON.parse(decoder.decode(payload)));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** SIGNING_SECRET when configured, else a secret generated once into DATA_DIR/signing-secret. */
export function loadSigningSecret(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) {
    return configured;
  }
  return readOrCreateSecretFile(path.join(dataDir, 'signing-secret'), randomSecret, (text) => text.trim());
}
