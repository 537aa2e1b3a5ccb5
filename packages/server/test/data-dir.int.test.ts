import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage, startServer } from './world.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const world = await createStorage();
let server = await startServer(world);
afterAll(() => server.close());

describe('DATA_DIR lock', () => {
  it('stops a second server process on the same DATA_DIR with a clear message', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: world.dataDir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `DATA_DIR ${world.dataDir} is in use by another ParkHere process (pid ${process.pid})`,
    );
  });

  it('refuses a second app in the same process too, and frees the directory on close', async () => {
    await expect(startServer(world)).rejects.toThrow(/is in use by another ParkHere process/);
    await server.stop();
    server = await startServer(world);
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
  });
});
