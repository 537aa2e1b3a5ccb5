import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export type DataDirLock = { release: () => void };

const LOCK_FILE = 'parkhere.lock';

/** Whether a process with this id still runs (EPERM: it runs under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the exclusive lock on DATA_DIR with an O_EXCL pid file. PGlite does not lock its
 * directory, and two processes writing one data directory corrupt it, so a second server
 * must stop. A lock left behind by a crashed process (pid no longer running) is taken over.
 * Within one process the lock is also exclusive: a second acquire on the same dir fails.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        release: () => {
          if (released) {
            return;
          }
          released = true;
          if (readOwner(lockPath) === process.pid) {
            unlinkSync(lockPath);
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
      const owner = readOwner(lockPath);
      if (owner !== undefined && isRunning(owner)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another ParkHere process (pid ${owner}). ` +
            'Stop that process or start this one with a different DATA_DIR.',
        );
      }
      // Stale lock of a process that is gone: remove it and try once more.
      try {
        unlinkSync(lockPath);
      } catch {
        // Another starter removed it first; the next attempt decides.
      }
    }
  }
  throw new DataDirInUseError(`DATA_DIR ${dataDir} is being locked by another ParkHere process.`);
}
