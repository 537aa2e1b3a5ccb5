import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema.ts';

/**
 * A secret every instance on the database shares (0007_shared_state.sql), generated once: the first instance
 * to find it missing inserts its candidate, a concurrent one's insert does nothing, and each reads back the
 * one that won. The same on PGlite, where it lives in DATA_DIR with the rest of the database, so there is one
 * code path for both engines and the PGlite suite tests it too.
 *
 * `create` is only called when the secret is missing (an RSA key takes a while to generate).
 */
export async function sharedSecret(db: Kysely<DB>, name: string, create: () => string): Promise<string> {
  const read = () =>
    db.selectFrom('sharedSecrets').select('value').where('name', '=', name).executeTakeFirst();
  const stored = await read();
  if (stored !== undefined) {
    return stored.value;
  }
  await db
    .insertInto('sharedSecrets')
    .values({ name, value: create() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const won = await read();
  if (won === undefined) {
    throw new Error(`shared secret ${name} was neither stored nor found`);
  }
  return won.value;
}

/**
 * The secret a server before 0007 generated into a file of DATA_DIR, if there is one: the first start after the
 * upgrade adopts it, so signed identifiers and sign-ins of that server stay valid.
 */
export function legacySecretFile(filePath: string): string | undefined {
  try {
    return readFileSync(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw error;
  }
}

export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}
