import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'parkhere-startup-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server as `npm start` does, with these settings; a refused start exits at once. */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('starting the server', () => {
  it('refuses an access-token lifetime shorter than twice the web app’s renew window', () => {
    const result = start({ IDP_ACCESS_TOKEN_TTL: '60' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('IDP_ACCESS_TOKEN_TTL: must be at least 120 seconds');
  });

  it('refuses the embedded provider’s demo accounts at a public address unless ALLOW_DEMO_ACCOUNTS=true', () => {
    const result = start({ PUBLIC_URL: 'https://parking.example.com' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'PUBLIC_URL: https://parking.example.com is not a local address, and the embedded identity provider signs in only the demo accounts',
    );
    expect(result.stderr).toContain('ALLOW_DEMO_ACCOUNTS=true');
  });
});
