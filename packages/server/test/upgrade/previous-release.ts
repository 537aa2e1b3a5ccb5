import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The commit ops/previous-release names: the last line that is not a comment. */
export function previousReleaseCommit(): string {
  const lines = readFileSync(path.join(repoRoot, 'ops/previous-release'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const commit = lines.at(-1) ?? '';
  if (!/^[0-9a-f]{40}$/.test(commit)) {
    throw new Error(`ops/previous-release names no commit: ${JSON.stringify(commit)}`);
  }
  return commit;
}

/**
 * The previous release's files at `commit`, installed as its container image installs them (the server's
 * production dependencies alone, from the npm cache where it can), under .tmp/previous-release/<commit>. Kept
 * for the next run: an install that finished leaves `.installed`, anything else is made again.
 */
export function installedPreviousRelease(commit: string): string {
  const dir = path.join(repoRoot, '.tmp/previous-release', commit);
  const done = path.join(dir, '.installed');
  if (existsSync(done)) {
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // A shallow clone lacks older commits: ask its origin for this one.
  if (spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot }).status !== 0) {
    execFileSync('git', ['fetch', '--quiet', '--no-tags', 'origin', commit], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
  }
  // git archive: the commit's tree alone, with no worktree for git to keep track of.
  const archive = execFileSync('git', ['archive', '--format=tar', commit], {
    cwd: repoRoot,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--workspace', '@parkhere/server', '--prefer-offline', '--no-audit', '--no-fund'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (install.status !== 0) {
    throw new Error(`npm ci of the previous release ${commit} failed:\n${install.stderr}`);
  }
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return dir;
}
