import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations } from './migrate.ts';

describe('loadMigrations', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function folder(files: string[]): string {
    dir = mkdtempSync(path.join(tmpdir(), 'parkhere-migrations-'));
    for (const file of files) {
      writeFileSync(path.join(dir, file), 'SELECT 1;');
    }
    return dir;
  }

  it('reads the migrations in number order', async () => {
    const migrations = await loadMigrations(folder(['0002_b.sql', '0001_a.sql']));
    expect(migrations.map((migration) => `${migration.version}_${migration.name}`)).toEqual([
      '0001_a',
      '0002_b',
    ]);
  });

  it('refuses two migrations with one number, naming both', async () => {
    await expect(loadMigrations(folder(['0014_audit_log.sql', '0014_feed.sql']))).rejects.toThrow(
      'Migrations 0014_audit_log.sql and 0014_feed.sql share the number 0014',
    );
  });

  it('keeps the shipped migrations numbered once each', async () => {
    const migrations = await loadMigrations();
    expect(new Set(migrations.map((migration) => migration.version)).size).toBe(migrations.length);
  });
});
