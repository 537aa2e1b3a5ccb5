// A throwaway PostgreSQL cluster for tests and benchmarks: Debian's server binaries, trust auth on loopback.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findBin(name) {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = join(base, version, 'bin', name);
    if (existsSync(candidate)) {
      return candidate;
    }
  }
  return null;
}

export function postgresAvailable() {
  return findBin('initdb') !== null && findBin('pg_ctl') !== null;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a cluster and returns {url, stop}. initdb refuses root, so as root it runs as the postgres user. */
export async function startTempPostgres() {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) {
    throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql');
  }
  const dir = mkdtempSync(join(tmpdir(), 'parkhere-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (bin, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' })
      : execFileSync(bin, args, { stdio: 'pipe' });
  run(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
