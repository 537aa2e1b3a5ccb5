import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export type DataDirLock = { release: () => void };

const LOCK_FILE = 'parkhere.lock';

/** Data directories this process holds, so its own earlier lock is told apart from a stale one. */
const heldHere = new Set<string>();

/**
 * Whether the lock's owner may still be a ParkHere server. A pid can be reused after a crash
 * (a container restarts as pid 1 again), so a lock naming this process that it does not hold,
 * or a pid now running something other than Node, is stale.
 */
function ownerIsAlive(pid: number, dataDir: string): boolean {
  if (pid === process.pid) {
    return heldHere.has(dataDir);
  }
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    // No procfs (not Linux): trust the pid.
    return true;
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
export function lockDataDir(directory: string): DataDirLock {
  const dataDir = path.resolve(directory);
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldHere.add(dataDir);
      let released = false;
      return {
        release: () => {
          if (released) {
            return;
          }
          released = true;
          heldHere.delete(dataDir);
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
      if (owner !== undefined && ownerIsAlive(owner, dataDir)) {
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
