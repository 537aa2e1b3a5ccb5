import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { FileStore } from '../../engine/source.ts';
import type { DB } from '../../platform/db/schema.ts';

/* The SQL of the files table, the engine's reads and holds of file attributes included. */

type Db = Kysely<DB> | Transaction<DB>;

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

/** A file's download: its name, type and size, its bytes or (uploaded before 0007) their path. */
export const fileForDownload = (db: Kysely<DB>, fileId: string) =>
  db
    .selectFrom('files')
    .select(['name', 'contentType', 'path', 'content', 'size'])
    .where('id', '=', fileId)
    .executeTakeFirst();

/** The files of binary attributes, as every source with one is handed them (engine/source.ts). */
export const fileStore: FileStore = {
  object: (fileId) =>
    sql`(SELECT jsonb_build_object('__file', f.id::text, 'name', f.name, 'cType', f.content_type)
    FROM files f WHERE f.id = ${fileId})`,
  hold: async (db, fileId) => {
    const stored = await sql`SELECT 1 AS one FROM files WHERE id = ${fileId} FOR KEY SHARE`.execute(db);
    return stored.rows.length > 0;
  },
};

/**
 * A stored file as a day view groups floor plans by it (issue 32, item 1): what a file token is made of, and its
 * size. The same image uploaded for each slot is a file each time; its name, size and type tell it is one plan.
 */
export const fileWithSizeSql = (fileId: RawBuilder<unknown>) =>
  sql`(SELECT json_build_object('__file', f.id::text, 'name', f.name, 'cType', f.content_type, 'size', f.size)
    FROM files f WHERE f.id = ${fileId})`;

export type FileReference = { tableName: string; columnName: string };

/** Every column that keeps a file: the foreign keys to `files`, read from the catalogue. */
export async function fileReferences(db: Db): Promise<FileReference[]> {
  const result =
    await sql<FileReference>`SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'files'::regclass
    ORDER BY 1, 2`.execute(db);
  return result.rows;
}

/**
 * Deletes up to `limit` files created before `cutoff` that no reference keeps, the oldest first; their paths.
 * SKIP LOCKED: a write that is about to reference a file holds a key-share lock on it (write.ts).
 */
export async function deleteUnreferencedFiles(
  db: Db,
  references: readonly FileReference[],
  cutoff: Date,
  limit: number,
): Promise<Array<{ path: string | null }>> {
  const unreferenced =
    references.length === 0
      ? sql`TRUE`
      : sql.join(
          references.map(
            ({ tableName, columnName }) =>
              sql`NOT EXISTS (SELECT 1 FROM ${sql.raw(tableName)} r WHERE r.${sql.id(columnName)} = f.id)`,
          ),
          sql` AND `,
        );
  const batch = await sql<{ path: string | null }>`DELETE FROM files WHERE id IN (
        SELECT f.id FROM files f
        WHERE f.created < ${cutoff} AND ${unreferenced}
        ORDER BY f.created, f.id LIMIT ${limit}
        FOR UPDATE OF f SKIP LOCKED)
      RETURNING path`.execute(db);
  return batch.rows;
}

/** Which of `paths` a file row records. */
export async function recordedPaths(db: Db, paths: readonly string[]): Promise<Set<string>> {
  const known = await sql<{
    path: string;
  }>`SELECT path FROM files WHERE path = ANY (${paths}::text[])`.execute(db);
  return new Set(known.rows.map((row) => row.path));
}
