/**
 * Server configuration, read once from the environment.
 *
 * | variable              | default                         | meaning |
 * |-----------------------|---------------------------------|---------|
 * | PORT                  | 8080                            | HTTP port |
 * | HOST                  | 0.0.0.0                         | interface to listen on |
 * | PUBLIC_URL            | http://localhost:${PORT}        | public origin of the app (issuer and redirects are built from it) |
 * | DATA_DIR              | ./data (from the working dir)   | embedded database (PGlite) and captured mail; locked by one process |
 * | BACKUP_DIR            | DATA_DIR/backups                | where POST /api/backups and the daily backup write |
 * | BACKUP_KEEP           | 7                               | how many backups the daily job keeps (1 … 1000) |
 * | DATABASE_URL          | (unset: PGlite in DATA_DIR)     | PostgreSQL connection string |
 * | OIDC_ISSUER           | (unset: embedded IdP at /idp)   | external OpenID provider issuer |
 * | OIDC_CLIENT_ID        | parkhere-web                    | public client id the web app signs in with |
 * | OIDC_AUDIENCE         | parkhere-api (embedded) / OIDC_CLIENT_ID (external) | required `aud` of access tokens |
 * | ALLOWED_EMAIL_DOMAINS | parkhere.example                | comma list; first sign-in from these domains creates the user |
 * | ADMIN_EMAILS          | (none)                          | comma list; users provisioned as administrators |
 * | OIDC_TRUST_UNVERIFIED_EMAIL | false                     | link/create users by an email the provider does not mark email_verified |
 * | ALLOW_DEMO_ACCOUNTS   | false                           | let the embedded IdP (demo accounts, public passwords) run at a non-local PUBLIC_URL |
 * | SIGNING_SECRET        | (generated into the database)   | HMAC secret of signed identifiers, at least 32 characters |
 * | DEMO_DATA             | true                            | seed demo users on an empty database |
 * | SMTP_URL              | (unset: .eml files in DATA_DIR/mail) | outgoing mail |
 * | MAIL_LIMIT_PER_USER_HOUR | 30                           | guest mails to outside addresses and doormen's notices one user may cause per hour |
 * | MAIL_LIMIT_PER_RECIPIENT_DAY | 10                       | mails one address outside ALLOWED_EMAIL_DOMAINS may get per day |
 * | IDP_ACCESS_TOKEN_TTL  | 900                             | embedded IdP access-token lifetime, seconds (120 … 86400) |
 * | TRUSTED_PROXIES       | (none)                          | comma list of proxy addresses/CIDRs whose X-Forwarded-For is believed |
 * | SCIM_TOKEN            | (unset: /scim answers 404)      | the bearer token the company directory provisions users with at /scim/v2 |
 * | METRICS_TOKEN         | (unset: /metrics answers 404)   | the bearer token Prometheus scrapes /metrics with |
 * | METRICS_PORT          | (unset: /metrics on PORT)       | a port of its own for /metrics (then only there) |
 * | HEALTH_QUEUE_AGE_SECONDS | 300                          | /api/health says degraded once a due job waits longer |
 * | HEALTH_CACHE_SECONDS  | 5                               | one reading of the queue answers /api/health this long (0: none) |
 * | SHUTDOWN_DRAIN_SECONDS | 0                              | on SIGTERM /api/health/ready says 503 while all is served this long |
 * | LOG_LEVEL             | info                            | pino level (fatal … trace, silent) |
 * | WEB_DIST              | packages/web/dist               | built web app served at / |
 * | TEST_CLOCK            | (unset: the real time)          | tests only: `<ISO instant>[@<ISO real instant>]`, the app clock's start |
 * | ALLOW_TEST_CLOCK      | false                           | must be true for TEST_CLOCK to be accepted |
 * | ALLOW_TEST_PUSH_ENDPOINTS | false                       | tests only: push endpoints on loopback (http too); refused at a non-local PUBLIC_URL |
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACCESS_TOKEN_RENEW_SECONDS,
  MIN_ACCESS_TOKEN_TTL_SECONDS,
  parseTestClock,
  TEST_CLOCK_FORMAT,
} from '@parkhere/contract';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const commaList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter((item) => item.length > 0),
    );

const booleanFlag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback)
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Addresses or CIDR ranges (`10.0.0.0/8`, `::1`), as Fastify's trustProxy takes them. */
const addressList = commaList('').refine(
  (items) => items.every((item) => ipaddr.isValid(item) || ipaddr.isValidCIDR(item)),
  { message: 'must be a comma list of IP addresses or CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16)' },
);

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** `<instant>` or `<instant>@<real instant>`: where the clock starts and, optionally, at which real moment. */
const testClock = optionalString.pipe(
  z
    .string()
    .transform((value, context) => {
      const clock = parseTestClock(value);
      if (clock === undefined) {
        context.addIssue({ code: 'custom', message: `must be ${TEST_CLOCK_FORMAT}` });
        return z.NEVER;
      }
      return clock;
    })
    .optional(),
);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('data'),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  OIDC_ISSUER: optionalString.pipe(z.url().optional()),
  OIDC_CLIENT_ID: z.string().min(1).default('parkhere-web'),
  OIDC_AUDIENCE: optionalString,
  ALLOWED_EMAIL_DOMAINS: commaList('parkhere.example'),
  ADMIN_EMAILS: commaList(''),
  OIDC_TRUST_UNVERIFIED_EMAIL: booleanFlag('false'),
  ALLOW_DEMO_ACCOUNTS: booleanFlag('false'),
  SIGNING_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  DEMO_DATA: booleanFlag('true'),
  SMTP_URL: optionalString,
  // 0 sends no such mail at all.
  MAIL_LIMIT_PER_USER_HOUR: z.coerce.number().int().min(0).max(100_000).default(30),
  MAIL_LIMIT_PER_RECIPIENT_DAY: z.coerce.number().int().min(0).max(100_000).default(10),
  // The web client renews a token 60 s before it expires: a shorter life would make it renew about once a second.
  IDP_ACCESS_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(
      MIN_ACCESS_TOKEN_TTL_SECONDS,
      `must be at least ${MIN_ACCESS_TOKEN_TTL_SECONDS} seconds: the web app renews its token ${ACCESS_TOKEN_RENEW_SECONDS} s before it expires`,
    )
    .max(86400)
    .default(900),
  TRUSTED_PROXIES: addressList,
  // The directory's secret: short ones are guessed.
  SCIM_TOKEN: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  METRICS_TOKEN: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  HEALTH_QUEUE_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  HEALTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  // Below main.ts's 25 s limit on the whole shutdown.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(15).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  TEST_CLOCK: testClock,
  ALLOW_TEST_CLOCK: booleanFlag('false'),
  ALLOW_TEST_PUSH_ENDPOINTS: booleanFlag('false'),
});

export type IdentityConfig =
  | { kind: 'embedded'; issuer: string; clientId: string; audience: string }
  | { kind: 'external'; issuer: string; clientId: string; audience: string };

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Where backups are written, and how many the daily backup keeps (the oldest beyond go). */
  backups: { dir: string; keep: number };
  databaseUrl: string | undefined;
  identity: IdentityConfig;
  allowedEmailDomains: string[];
  adminEmails: string[];
  /** Link and create users by an email the provider does not mark `email_verified`. */
  trustUnverifiedEmail: boolean;
  signingSecret: string | undefined;
  demoData: boolean;
  smtpUrl: string | undefined;
  /** What one user may make the server mail to people who did not ask for it (platform/mail/mail-limits.ts). */
  mailLimits: { perUserPerHour: number; perRecipientPerDay: number };
  idpAccessTokenTtl: number;
  /**
   * The proxies in front of the server: a request from one of them is taken to come from the address its
   * `X-Forwarded-For` names (the last hop that is no trusted proxy). None: the connection's address counts.
   */
  trustedProxies: string[];
  /** The bearer token of SCIM provisioning at /scim/v2; unset, SCIM is off. */
  scimToken: string | undefined;
  /** Prometheus's bearer token for /metrics, and the port /metrics is served on instead of PORT. */
  metrics: { token: string | undefined; port: number | undefined };
  /** How long a due job may wait before /api/health says the queue is behind. */
  healthQueueAgeSeconds: number;
  /** How long one reading of the queue's statistics answers every /api/health. */
  healthCacheSeconds: number;
  /** On a shutdown, how long everything is still served while /api/health/ready says not ready. */
  shutdownDrainSeconds: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  /**
   * A clock that does not follow the real time (end-to-end tests pin the browser and the server to one
   * instant): it shows `start` at `since` (the server's start when unset) and runs on from there.
   */
  testClock: { start: Date; since: Date | undefined } | undefined;
  /**
   * Tests only: push subscriptions may name a loopback endpoint, over http too (a test's own push service);
   * refused at a non-local PUBLIC_URL.
   */
  allowTestPushEndpoints: boolean;
};

/** An address only this machine reaches (localhost, loopback). */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d+){3}$/.test(host)
  );
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  // Nothing in a deployment sets NODE_ENV, so a time shift needs its own explicit consent.
  if (e.TEST_CLOCK !== undefined && !e.ALLOW_TEST_CLOCK) {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: only honoured with ALLOW_TEST_CLOCK=true');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // Push endpoints on loopback are a test's push service; a deployment that allowed them would let any user
  // make the server post to its own machine's services.
  if (e.ALLOW_TEST_PUSH_ENDPOINTS && !isLocalUrl(publicUrl)) {
    throw new ConfigError(
      `Invalid configuration:\n  ALLOW_TEST_PUSH_ENDPOINTS: only for tests, on a local PUBLIC_URL (${publicUrl} is not)`,
    );
  }
  // The embedded provider signs in only the demo accounts, whose passwords are in the README: anyone who can
  // reach a non-local address would be the administrator.
  if (e.OIDC_ISSUER === undefined && !isLocalUrl(publicUrl) && !e.ALLOW_DEMO_ACCOUNTS) {
    throw new ConfigError(
      `Invalid configuration:\n  PUBLIC_URL: ${publicUrl} is not a local address, and the embedded identity provider signs in only the demo accounts, whose passwords are public (admin/admin). Set OIDC_ISSUER to your identity provider, or ALLOW_DEMO_ACCOUNTS=true to offer the demo accounts there anyway.`,
    );
  }
  const identity: IdentityConfig =
    e.OIDC_ISSUER === undefined
      ? {
          kind: 'embedded',
          issuer: `${publicUrl}/idp`,
          clientId: e.OIDC_CLIENT_ID,
          audience: e.OIDC_AUDIENCE ?? 'parkhere-api',
        }
      : {
          kind: 'external',
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          audience: e.OIDC_AUDIENCE ?? e.OIDC_CLIENT_ID,
        };
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    backups: {
      dir: e.BACKUP_DIR === undefined ? path.join(dataDir, 'backups') : path.resolve(cwd, e.BACKUP_DIR),
      keep: e.BACKUP_KEEP,
    },
    databaseUrl: e.DATABASE_URL,
    identity,
    allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS,
    adminEmails: e.ADMIN_EMAILS,
    trustUnverifiedEmail: e.OIDC_TRUST_UNVERIFIED_EMAIL,
    signingSecret: e.SIGNING_SECRET,
    demoData: e.DEMO_DATA,
    smtpUrl: e.SMTP_URL,
    mailLimits: {
      perUserPerHour: e.MAIL_LIMIT_PER_USER_HOUR,
      perRecipientPerDay: e.MAIL_LIMIT_PER_RECIPIENT_DAY,
    },
    idpAccessTokenTtl: e.IDP_ACCESS_TOKEN_TTL,
    trustedProxies: e.TRUSTED_PROXIES,
    scimToken: e.SCIM_TOKEN,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    healthQueueAgeSeconds: e.HEALTH_QUEUE_AGE_SECONDS,
    healthCacheSeconds: e.HEALTH_CACHE_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    logLevel: e.LOG_LEVEL,
    webDist:
      e.WEB_DIST === undefined ? path.join(repoRoot, 'packages/web/dist') : path.resolve(cwd, e.WEB_DIST),
    testClock: e.TEST_CLOCK,
    allowTestPushEndpoints: e.ALLOW_TEST_PUSH_ENDPOINTS,
  };
}
