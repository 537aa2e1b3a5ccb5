import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Reads a secret kept in a file of DATA_DIR, creating it (mode 0600) on first start so it
 * stays the same across restarts.
 */
export function readOrCreateSecretFile<T>(filePath: string, create: () => T, parse: (text: string) => T): T {
  try {
    return parse(readFileSync(filePath, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw error;
    }
  }
  const value = create();
  writeFileSync(filePath, typeof value === 'string' ? value : JSON.stringify(value, null, 2), {
    mode: 0o600,
    flag: 'wx',
  });
  chmodSync(filePath, 0o600);
  return value;
}

export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}
