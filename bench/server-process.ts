import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../packages/server/src/platform/config.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerProcess = {
  config: ReturnType<typeof loadConfig>;
  pid: number | undefined;
  base: string;
  stop: () => Promise<void>;
};

/**
 * The environment of a benchmarked server: a fresh DATA_DIR and a stub web build under .tmp/<name>, a random
 * port, no demo data, PGlite unless `databaseUrl` is given.
 */
export function benchServerEnv(name: string, databaseUrl?: string): Record<string, string> {
  const work = path.join(root, '.tmp', name);
  rmSync(work, { recursive: true, force: true });
  const webDist = path.join(work, 'web');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!DOCTYPE html><title>bench</title>');
  const port = 8400 + Math.floor(Math.random() * 600);
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST: webDist,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
  };
}

/**
 * The server as it is deployed, in a process of its own (`packages/server/src/main.ts`) on `databaseUrl`, so that
 * the load generator does not share its event loop.
 */
export async function startServerProcess(
  name: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = benchServerEnv(name, databaseUrl),
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`, to profile the server under load.
    [
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(root, 'packages/server/src/main.ts'),
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = env.PUBLIC_URL as string;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) {
      break;
    }
    if (attempt > 600) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    config: loadConfig(env),
    pid: child.pid,
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
