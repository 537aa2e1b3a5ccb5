import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { createWorld, type TestWorld } from './harness.ts';

/** The file a descriptor of this process points at (Linux). */
const fileOf = (fd: number): string => {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return '';
  }
};

// A PostgreSQL server's durability is its own configuration (the throwaway test cluster runs without fsync);
// the embedded engine is the one this app configures.
describe.skipIf(process.env.DATABASE_URL)('durability of the embedded database', () => {
  let world: TestWorld;
  let database: Database;

  beforeEach(async () => {
    world = await createWorld();
    database = await openDatabase({ databaseUrl: world.databaseUrl, dataDir: world.dataDir });
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await database.close();
    await world.dispose();
  });

  it('runs with fsync, synchronous commits and full page writes on', async () => {
    expect(database.kind).toBe('pglite');
    const setting = async (name: string) =>
      (await sql<{ value: string }>`SELECT current_setting(${name}) AS value`.execute(database.db)).rows[0]
        ?.value;
    expect(await setting('fsync')).toBe('on');
    expect(await setting('synchronous_commit')).toBe('on');
    expect(await setting('full_page_writes')).toBe('on');
  });

  it('has the write-ahead log on the disk before a commit is acknowledged', async () => {
    // Watches the real fsync calls of this process (they still happen): which files reached the disk.
    const fsync = vi.spyOn(fs, 'fsyncSync');
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('additionalDays').values({ day: '2031-05-02', typeOfDay: 'WORK' }).execute();
      fsync.mockClear();
    });
    const synced = fsync.mock.calls.map(([fd]) => fileOf(Number(fd)));
    const wal = `${path.join(world.dataDir, 'pgdata', 'pg_wal')}${path.sep}`;
    expect(synced.some((file) => file.startsWith(wal))).toBe(true);
  });
});
