import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
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
 * A shared secret a server before 0007 kept in a file of DATA_DIR (`legacyFile`): the first start adopts it, so
 * signed identifiers and sign-ins of that server stay valid. Once the database holds the secret the file goes:
 * it is a copy of a secret lying on the disk, and after a rotation (rotate-secrets) the revoked one, which must
 * not come back should the row ever be missing.
 */
export async function adoptedSharedSecret(
  db: Kysely<DB>,
  name: string,
  legacyFile: string,
  generate: () => string,
): Promise<string> {
  const value = await sharedSecret(db, name, () => legacySecretFile(legacyFile)?.trim() ?? generate());
  rmSync(legacyFile, { force: true });
  return value;
}

/**
 * Replaces a shared secret with `next` of the one stored (undefined when there is none), under the row's lock,
 * so two rotations at once each build on the other's. Instances read their secrets at start: each takes the new
 * one when it next starts.
 */
export async function replaceSharedSecret(
  db: Kysely<DB>,
  name: string,
  next: (current: string | undefined) => string,
): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const stored = await tx
      .selectFrom('sharedSecrets')
      .select('value')
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirst();
    const value = next(stored?.value);
    await tx
      .insertInto('sharedSecrets')
      .values({ name, value })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
      .execute();
    return value;
  });
}

/**
 * The secret a server before 0007 generated into a file of DATA_DIR, if there is one: the first start after the
 * upgrade adopts it, so signed identifiers and sign-ins of that server stay valid.
 */
function legacySecretFile(filePath: string): string | undefined {
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
