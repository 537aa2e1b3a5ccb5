// The app as the browser benchmarks meet it: the server on the embedded defaults (demo data, embedded provider) on
// a free port, and a page signed in through the provider's form.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

export async function startApp() {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'parkhere-lighthouse-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt += 1) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited with ${server.exitCode}`);
    }
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return { base, server };
    }
    if (attempt > 1200) {
      server.kill('SIGKILL');
      throw new Error('the server did not answer /api/health within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in on the embedded provider's form in `page`, as e2e/fixtures.ts does, and waits for the shell. */
export async function signIn(page, base, login) {
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(login);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.click('button[type=submit]'),
  ]);
  // The header's profile button, named by what it shows and then its purpose ("UU user, Profile"), in the
  // language a user who never chose one sees (Hungarian: "Profil") or in English.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('header button[aria-label]')].some((button) =>
        /, Profile?$/.test(button.getAttribute('aria-label') ?? ''),
      ),
    { timeout: 60_000 },
  );
}
