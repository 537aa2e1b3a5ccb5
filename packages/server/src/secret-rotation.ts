import { parseArgs } from 'node:util';
import type { Config } from './platform/config.ts';
import { lockDataDir } from './platform/data-dir-lock.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { rotateSigningSecret } from './platform/http/signed-identifier.ts';
import { endAllSignIns } from './platform/idp/adapter.ts';
import { rotateIdpKeys } from './platform/idp/keys.ts';
import { ID_TOKEN_TTL } from './platform/idp/provider.ts';

/*
 * What `npm run rotate-secrets` does (rotate-secrets.ts is the process), run with the server's own environment
 * (DATABASE_URL or DATA_DIR, SIGNING_SECRET, OIDC_ISSUER, …): it replaces the secrets in the database
 * (shared_secrets), and each instance takes them at its next start. README, Security.
 */

export const USAGE = `Usage: npm run rotate-secrets -- [--signing-secret] [--provider-keys [--grace <seconds>]] [--sign-out-everyone]

  --signing-secret     a new secret for signed identifiers, file and check-in tokens and calendar feed addresses:
                       whatever the old one signed stops working
  --provider-keys      new signing and cookie keys of the embedded provider; the old ones still verify for
                       --grace seconds (default: the longer of an access token's and an ID token's lifetime;
                       0 drops them at once, after a leak)
  --sign-out-everyone  ends every sign-in of the embedded provider (sessions and refresh tokens)

Run it with the server's environment, then restart every instance: each takes the new secrets when it starts.`;

/** A call that names nothing to do, or an option it does not know: the usage is shown. */
export class UsageError extends Error {}

/** A rotation this configuration does not allow (the secret is not in the database). */
export class RotationRefused extends Error {}

type Request = { signingSecret: boolean; providerKeys: boolean; graceSeconds: number; signOut: boolean };

function requestOf(args: string[], config: Config): Request {
  const { values } = parseArgs({
    args,
    options: {
      'signing-secret': { type: 'boolean', default: false },
      'provider-keys': { type: 'boolean', default: false },
      grace: { type: 'string' },
      'sign-out-everyone': { type: 'boolean', default: false },
    },
  });
  const request = {
    signingSecret: values['signing-secret'],
    providerKeys: values['provider-keys'],
    graceSeconds: Math.max(config.idpAccessTokenTtl, ID_TOKEN_TTL),
    signOut: values['sign-out-everyone'],
  };
  if (!request.signingSecret && !request.providerKeys && !request.signOut) {
    throw new UsageError('Name at least one secret to rotate.');
  }
  if (values.grace !== undefined) {
    if (!request.providerKeys || !/^\d{1,9}$/.test(values.grace)) {
      throw new UsageError('--grace takes a number of seconds (0 or more), with --provider-keys.');
    }
    request.graceSeconds = Number(values.grace);
  }
  if (request.signingSecret && config.signingSecret !== undefined) {
    throw new RotationRefused(
      'SIGNING_SECRET is set, so the database holds no signing secret: rotate it by giving every instance a new SIGNING_SECRET (at least 32 characters).',
    );
  }
  if ((request.providerKeys || request.signOut) && config.identity.kind !== 'embedded') {
    throw new RotationRefused(
      'OIDC_ISSUER is set, so the embedded provider is off: rotate keys and end sessions at your provider.',
    );
  }
  return request;
}

/** Rotates what the command line `args` name, on the configured database; the lines that say what was done. */
export async function rotateSecrets(config: Config, args: string[]): Promise<string[]> {
  const request = requestOf(args, config);
  // PGlite serves one process: the server must be stopped (its lock says whether it is).
  const lock = config.databaseUrl === undefined ? lockDataDir(config.dataDir) : undefined;
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(database.db);
      const done: string[] = [];
      if (request.signingSecret) {
        await rotateSigningSecret(database.db);
        done.push('New signing secret.');
      }
      if (request.providerKeys) {
        await rotateIdpKeys(database.db, { graceSeconds: request.graceSeconds });
        done.push(
          request.graceSeconds === 0
            ? 'New provider keys; the old ones are dropped.'
            : `New provider keys; the old ones still verify for ${request.graceSeconds} s.`,
        );
      }
      if (request.signOut) {
        done.push(`Ended every sign-in (${await endAllSignIns(database.db)} provider records).`);
      }
      return [...done, 'Restart every instance: each takes the new secrets when it starts.'];
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
