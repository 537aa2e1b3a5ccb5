import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parkhere-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('lockDataDir', () => {
  it('refuses a second holder while the first holds the lock', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    lock.release();
    lockDataDir(dir).release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    const exited = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    writeFileSync(path.join(dir, 'parkhere.lock'), `${exited.pid}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'parkhere.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, 'parkhere.lock'))).toBe(false);
  });

  it('takes over a lock naming this very pid that this process does not hold (restarted container)', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'parkhere.lock'), `${process.pid}\n`);
    lockDataDir(dir).release();
  });

  it('keeps a lock whose owner is a running Node process', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(path.join(dir, 'parkhere.lock'), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(`in use by another ParkHere process (pid ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('creates a missing DATA_DIR', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    lockDataDir(dir).release();
    expect(existsSync(dir)).toBe(true);
  });
});
