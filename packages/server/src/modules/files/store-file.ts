import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export type StoredFile = { id: string; name: string; size: number; cType: string };

/**
 * Records an upload with its bytes, in the database every instance reads (0007_shared_state.sql), so any
 * instance behind a load balancer serves it. `created` is the app clock's, the one the orphan clean-up ages
 * files by.
 */
export async function storeFile(
  db: Kysely<DB>,
  file: { name: string; contentType: string; bytes: Buffer; createdBy: string; created: Date },
): Promise<StoredFile> {
  const name = file.name.slice(0, 255) || 'file';
  const row = await db
    .insertInto('files')
    .values({
      name,
      size: file.bytes.length,
      contentType: file.contentType,
      content: file.bytes,
      createdBy: file.createdBy,
      created: file.created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, size: file.bytes.length, cType: file.contentType };
}
