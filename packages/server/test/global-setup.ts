import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
  }
}

/**
 * Creates one migrated, seeded DATA_DIR (with IdP keys and signing secret in its database) for the whole run;
 * each test file starts from a copy, because creating a PGlite directory takes seconds.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'parkhere-template-'));
  const dataDir = path.join(root, 'data');
  if (process.env.DATABASE_URL) {
    // On PostgreSQL the template is an empty DATA_DIR (keys and secrets live in the database, 0007); the harness
    // creates a database per file.
    mkdirSync(dataDir, { recursive: true });
  } else {
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }));
    await app.close();
  }
  project.provide('templateDataDir', dataDir);
  return () => rmSync(root, { recursive: true, force: true });
}
