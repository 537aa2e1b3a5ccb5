import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type StoredFile = { id: string; name: string; size: number; cType: string };

/**
 * Writes the bytes under DATA_DIR/files and records them; the row's path is relative to DATA_DIR. `created`
 * is the app clock's, the one the orphan clean-up ages files by.
 */
export async function storeFile(
  db: Kysely<DB>,
  dataDir: string,
  file: { name: string; contentType: string; bytes: Buffer; createdBy: string; created: Date },
): Promise<StoredFile> {
  const directory = path.join(dataDir, 'files');
  mkdirSync(directory, { recursive: true });
  const relative = path.join('files', randomUUID());
  writeFileSync(path.join(dataDir, relative), file.bytes, { flag: 'wx' });
  const name = file.name.slice(0, 255) || 'file';
  const row = await db
    .insertInto('files')
    .values({
      name,
      size: file.bytes.length,
      contentType: file.contentType,
      path: relative,
      createdBy: file.createdBy,
      created: file.created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, size: file.bytes.length, cType: file.contentType };
}
