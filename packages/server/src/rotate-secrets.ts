import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirInUseError } from './platform/data-dir-lock.ts';
import { RotationRefused, rotateSecrets, USAGE, UsageError } from './secret-rotation.ts';

/** `npm run rotate-secrets -- …` (secret-rotation.ts): exits 2 on a wrong call, 1 when refused. */
async function main(): Promise<void> {
  try {
    process.stdout.write(`${(await rotateSecrets(loadConfig(), process.argv.slice(2))).join('\n')}\n`);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      error instanceof RotationRefused
    ) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

await main();
