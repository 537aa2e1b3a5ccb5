import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../src/platform/db/database.ts';
import { createStorage, type WorldStorage } from './world.ts';

const databaseModule = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/platform/db/database.ts',
);

/**
 * A process that writes into the embedded database, one transaction per row, and prints each day it has
 * committed; killed with SIGKILL part-way.
 */
const WRITER = `
import { openDatabase } from ${JSON.stringify(databaseModule)};
const database = await openDatabase({ databaseUrl: undefined, dataDir: process.argv[2] });
for (let index = 0; ; index++) {
  const day = new Date(Date.UTC(2040, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  await database.db.insertInto('additionalDays').values({ day, typeOfDay: 'WORK' }).execute();
  process.stdout.write(day + '\\n');
}
`;

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
  let world: WorldStorage;
  let database: Database;

  beforeEach(async () => {
    world = await createStorage();
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
    // Watches the real fsync and fdatasync calls of this process (they still happen): which files reached the disk.
    const fsync = vi.spyOn(fs, 'fsyncSync');
    const fdatasync = vi.spyOn(fs, 'fdatasyncSync');
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('additionalDays').values({ day: '2031-05-02', typeOfDay: 'WORK' }).execute();
      fsync.mockClear();
      fdatasync.mockClear();
    });
    const synced = [...fsync.mock.calls, ...fdatasync.mock.calls].map(([fd]) => fileOf(Number(fd)));
    const wal = `${path.join(world.dataDir, 'pgdata', 'pg_wal')}${path.sep}`;
    expect(synced.some((file) => file.startsWith(wal))).toBe(true);
  });

  it('keeps every acknowledged commit when the process is killed', async () => {
    await database.close();
    const script = path.join(world.dataDir, '..', 'writer.mts');
    fs.writeFileSync(script, WRITER);
    const writer = spawn(process.execPath, ['--import', 'tsx', script, world.dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      writer.once('exit', (_code, signal) => resolve(signal)),
    );
    let acknowledged: string[] = [];
    let output = '';
    writer.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      acknowledged = output.split('\n').filter(Boolean);
      if (acknowledged.length >= 200) {
        writer.kill('SIGKILL');
      }
    });
    // Killed by the test, not ended on its own.
    expect(await exited).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);

    database = await openDatabase({ databaseUrl: undefined, dataDir: world.dataDir });
    const stored = await database.db
      .selectFrom('additionalDays')
      .select(sql<string>`day::text`.as('day'))
      .where('day', '>=', '2040-01-01')
      .execute();
    const days = new Set(stored.map((row) => row.day));
    expect(acknowledged.filter((day) => !days.has(day))).toEqual([]);
  }, 120_000);
});
