import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { InvalidBackupError, unpackArchive } from './platform/backups/backup-archive.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openPglite, SYNCED_MARKER } from './platform/db/database.ts';

/*
 * `npm run restore -- FILE`: restores a backup (POST /api/backups, the daily backup) into an empty DATA_DIR,
 * with the server stopped. A DATA_DIR that holds anything is refused and left as it is: a restore never mixes
 * a backup with a server's data. The backup is unpacked into a folder of its own inside DATA_DIR (the same
 * filesystem, also when DATA_DIR is a mounted volume) and its database started once, which proves it whole;
 * only then are its parts moved up into DATA_DIR, and a failed restore removes the folder again.
 */

class RestoreRefused extends Error {}

const isEmptyOrMissing = (dir: string): boolean => {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return true;
    }
    throw error;
  }
};

async function restore(file: string | undefined): Promise<string> {
  if (file === undefined) {
    throw new RestoreRefused(
      'Usage: npm run restore -- FILE (a backup of POST /api/backups or the daily job)',
    );
  }
  const config = loadConfig();
  if (config.databaseUrl !== undefined) {
    throw new RestoreRefused(
      'DATABASE_URL is set: a PostgreSQL database is restored with pg_restore (README, Backups), not from this file.',
    );
  }
  const dataDir = config.dataDir;
  if (!isEmptyOrMissing(dataDir)) {
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} is not empty: a backup is restored only into an empty DATA_DIR. Stop the server, move that directory away (or set DATA_DIR to a new one), and run the restore again. Nothing was changed.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const staging = mkdtempSync(path.join(dataDir, '.restoring-'));
  try {
    const { manifest, database } = await unpackArchive(path.resolve(file), staging);
    const pgdata = path.join(staging, 'pgdata');
    const pglite = await openPglite(pgdata, database);
    await pglite.query('SELECT 1');
    await pglite.close();
    // The marker came with the copy, but these files were written anew: the first start flushes them to disk.
    rmSync(path.join(pgdata, SYNCED_MARKER), { force: true });
    for (const part of readdirSync(staging)) {
      renameSync(path.join(staging, part), path.join(dataDir, part));
    }
    rmdirSync(staging);
    return `Restored the backup of ${manifest.createdAt} into ${dataDir}. Start the server on it (npm start).`;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

try {
  process.stdout.write(`${await restore(process.argv[2])}\n`);
} catch (error) {
  if (error instanceof RestoreRefused || error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof InvalidBackupError) {
    console.error(`${process.argv[2]} is not a ParkHere backup: ${error.message}. Nothing was changed.`);
  } else {
    console.error('The restore failed; DATA_DIR was not changed.', error);
  }
  process.exit(1);
}
