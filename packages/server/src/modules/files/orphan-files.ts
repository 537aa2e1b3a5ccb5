import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { type Stamp, stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { DB } from '../../platform/db/schema.ts';
import { FILE_TTL_SECONDS } from '../../platform/http/file-tokens.ts';
import { deleteUnreferencedFiles, fileReferences, recordedPaths } from './repository.ts';

/*
 * Files nobody keeps: uploads whose token was never written, and the files of rows that replaced, cleared or
 * deleted them. A row keeps a file through a foreign key to `files`, whatever table or attribute it is, so
 * the references are read from the catalogue: a file attribute added later is respected without a change
 * here (its ON DELETE SET NULL would otherwise quietly empty it).
 */

/** An upload's file token may be written for this long; a file is an orphan only after that. */
export const ORPHAN_AFTER_MS = FILE_TTL_SECONDS * 1000;

const BATCH = 500;
const FILES_DIR = 'files';

type Db = Kysely<DB> | Transaction<DB>;

export type OrphanReport = { removed: number; strays: number; failed: number };

/** Only a path inside DATA_DIR/files is ever unlinked, whatever a row says. */
const absoluteOf = (dataDir: string, relative: string): string | undefined => {
  const directory = path.resolve(dataDir, FILES_DIR);
  const absolute = path.resolve(dataDir, relative);
  return path.dirname(absolute) === directory ? absolute : undefined;
};

const removeBytes = async (absolute: string): Promise<boolean> => {
  try {
    await unlink(absolute);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
};

/**
 * Deletes the rows of files no row references and created before `now - ORPHAN_AFTER_MS` (the app clock
 * stamps `created`), then their bytes; then the bytes under DATA_DIR/files that have no row at all (an upload
 * that died between writing and recording, or bytes whose unlink failed on an earlier run).
 */
export async function removeOrphanFiles(
  db: Kysely<DB>,
  dataDir: string,
  now: Date,
  stamp: Stamp,
): Promise<OrphanReport> {
  const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS);
  const references = await fileReferences(db);
  const report: OrphanReport = { removed: 0, strays: 0, failed: 0 };
  for (;;) {
    // Each batch commits (stamped for the audit log) before its bytes under DATA_DIR go.
    const batch = await stampedTransaction(db, stamp, (transaction) =>
      deleteUnreferencedFiles(transaction, references, cutoff, BATCH),
    );
    for (const row of batch) {
      // Bytes kept in the row went with it; only a file uploaded before 0007 has bytes under DATA_DIR.
      if (row.path === null) {
        report.removed += 1;
        continue;
      }
      const absolute = absoluteOf(dataDir, row.path);
      if (absolute !== undefined && (await removeBytes(absolute))) {
        report.removed += 1;
      } else {
        report.failed += 1;
      }
    }
    if (batch.length < BATCH) {
      break;
    }
  }
  report.strays = await removeStrays(db, dataDir);
  return report;
}

/**
 * Bytes without a row, older than an upload could take: an upload writes its bytes just before its row. Their
 * age is the file system's, on the real time (the app clock a test pins would make a fresh upload look old).
 */
async function removeStrays(db: Db, dataDir: string): Promise<number> {
  const directory = path.join(dataDir, FILES_DIR);
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return 0;
  }
  let removed = 0;
  for (let start = 0; start < names.length; start += BATCH) {
    const paths = names.slice(start, start + BATCH).map((name) => path.join(FILES_DIR, name));
    const recorded = await recordedPaths(db, paths);
    for (const relative of paths) {
      if (recorded.has(relative)) {
        continue;
      }
      const absolute = path.join(dataDir, relative);
      const stats = await stat(absolute).catch(() => undefined);
      if (stats?.isFile() && Date.now() - stats.mtimeMs > ORPHAN_AFTER_MS && (await removeBytes(absolute))) {
        removed += 1;
      }
    }
  }
  return removed;
}
