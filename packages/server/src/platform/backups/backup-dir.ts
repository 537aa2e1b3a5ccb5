import { randomUUID } from 'node:crypto';
import { link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BackupFile } from '@parkhere/contract';
import { writeArchive } from './backup-archive.ts';

/*
 * BACKUP_DIR: each backup a file named by the second it was taken, `parkhere-20261129T064943Z.tar.gz`, a second
 * one in the same second `…Z-2.tar.gz`, and so on. A file only ever appears whole under its name (written
 * under a temporary name, then linked), so a listing or a restore never sees half a backup.
 */

const NAME = /^parkhere-(\d{8}T\d{6}Z)(?:-(\d+))?\.tar\.gz$/;

const stampOf = (now: Date): string => now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

const nameOf = (stamp: string, count: number): string =>
  count === 1 ? `parkhere-${stamp}.tar.gz` : `parkhere-${stamp}-${count}.tar.gz`;

/** Oldest first: by the second, then by the count within it (`-10` after `-9`). */
const byAge = (a: string, b: string): number => {
  const [, stampA = '', countA = '1'] = NAME.exec(a) ?? [];
  const [, stampB = '', countB = '1'] = NAME.exec(b) ?? [];
  return stampA === stampB ? Number(countA) - Number(countB) : stampA < stampB ? -1 : 1;
};

/** The backups in `dir`, oldest first; none when it does not exist. */
async function backupNames(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return [];
    }
    throw error;
  });
  return names.filter((name) => NAME.test(name)).sort(byAge);
}

/** The backup `file` in `dir`: its size and when it was written. */
export async function backupFileOf(dir: string, file: string): Promise<BackupFile> {
  const found = await stat(path.join(dir, file));
  return { file, size: found.size, createdAt: found.mtime.toISOString() };
}

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  return Promise.all((await backupNames(dir)).reverse().map((file) => backupFileOf(dir, file)));
}

/** Removes all but the newest `keep` backups in `dir`; answers the names removed. */
export async function keepLast(dir: string, keep: number): Promise<string[]> {
  const names = await backupNames(dir);
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) {
    await rm(path.join(dir, name), { force: true });
  }
  return removed;
}

/**
 * Writes a backup into `dir` (made, owner only, when missing) under the first free name of `now`'s second;
 * answers its name.
 */
export async function writeBackup(
  dir: string,
  source: { database: Blob; dataDir: string; now: Date },
): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const partial = path.join(dir, `.partial-${randomUUID()}`);
  try {
    await writeArchive(partial, {
      database: source.database,
      dataDir: source.dataDir,
      createdAt: source.now,
    });
    const stamp = stampOf(source.now);
    for (let count = 1; ; count += 1) {
      const name = nameOf(stamp, count);
      try {
        // link, unlike rename, never replaces a file: a name another backup took is simply taken.
        await link(partial, path.join(dir, name));
        return name;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw error;
        }
      }
    }
  } finally {
    await rm(partial, { force: true });
  }
}
