import type { Writable } from 'node:stream';
import { FILES_BASE } from '@parkhere/contract';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { auditedTables } from './audited.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { judoEngine } from './engine/plugin.ts';
import { type JobsOptions, registerJobs } from './jobs.ts';
import { anonymise, deactivate } from './lifecycle.ts';
import { TEMPLATE_FIELD_KINDS } from './mail-kinds.ts';
import { declaredCounters } from './metrics.ts';
import { availabilityRoutes, dayPlanRoutes } from './modules/availability/index.ts';
import { createFeedTokens, feedRoutes, feedSettingsRoutes } from './modules/calendar/index.ts';
import { checkInRoutes, createCheckInLinks } from './modules/check-in/index.ts';
import { mailPreviewRoutes } from './modules/configuration/index.ts';
import { isDoormanEmail } from './modules/doormen/index.ts';
import { filesPlugin } from './modules/files/index.ts';
import { importRoutes } from './modules/import/index.ts';
import { createPushSender, pushRoutes } from './modules/push/index.ts';
import { createReleaseLinks, releaseRoutes } from './modules/release-link/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { scimRoutes } from './modules/scim/index.ts';
import { signInDirectory } from './modules/users/index.ts';
import { personalDataParts } from './personal-data.ts';
import { registerActorResolution } from './platform/auth/actor-of.ts';
import { registerAuthentication } from './platform/auth/authenticate.ts';
import { isAccountDeactivated, type Provisioning } from './platform/auth/resolve-actor.ts';
import { createTokenVerifier } from './platform/auth/token-verifier.ts';
import { backupRoutes } from './platform/backups/backup-routes.ts';
import { type Clock, runningClock, systemClock } from './platform/calendar.ts';
import { type Config, isLocalUrl } from './platform/config.ts';
import { type DataDirLock, lockDataDir } from './platform/data-dir-lock.ts';
import { attachAudit } from './platform/db/audit.ts';
import { type Database, openDatabase } from './platform/db/database.ts';
import type { Executor } from './platform/db/executor.ts';
import { migrate } from './platform/db/migrate.ts';
import { actorRoutes } from './platform/http/actor-routes.ts';
import { openApiRoute, recordRoutes } from './platform/http/api-description.ts';
import { apiDocsPage } from './platform/http/api-docs-page.ts';
import { registerApiErrorHandling } from './platform/http/errors.ts';
import { registerNoStore } from './platform/http/no-store.ts';
import {
  createSignedIdentifiers,
  loadSigningSecret,
  resolveSigningSecret,
  type SignedIdentifiers,
} from './platform/http/signed-identifier.ts';
import { registerStopping } from './platform/http/stopping.ts';
import { purgeExpiredPayloads } from './platform/idp/adapter.ts';
import { loadIdpKeys, publicJwks, retiredKeys } from './platform/idp/keys.ts';
import { registerEmbeddedIdp } from './platform/idp/plugin.ts';
import { createEmbeddedProvider } from './platform/idp/provider.ts';
import type { SignInPolicy } from './platform/idp/sign-in-policy.ts';
import { createSignInThrottle } from './platform/idp/sign-in-throttle.ts';
import { queueStats } from './platform/jobs/queue-stats.ts';
import { loggerOptions } from './platform/logger.ts';
import { mailLimitsOf } from './platform/mail/mail-limits.ts';
import { mailPreview } from './platform/mail/mail-preview.ts';
import { healthRoutes } from './platform/observability/health-routes.ts';
import { createMailOutcomes, type MailOutcomes } from './platform/observability/mail-outcomes.ts';
import { createMetricsRegistry, observeRequests } from './platform/observability/metrics.ts';
import { registerMetricsEndpoint } from './platform/observability/metrics-routes.ts';
import { personalDataRoutes } from './platform/personal-data.ts';
import { registerCompression } from './platform/web/compression.ts';
import { registerSecurityHeaders } from './platform/web/security-headers.ts';
import { registerWebApp } from './platform/web/web-app.ts';
import { registry } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: Config;
    /**
     * The time every domain decision reads (reservation rules, ranges, templates, expiry, jobs); the
     * real time unless a test pins it. Token checks and the embedded provider keep the real time.
     */
    clock: Clock;
    /** Signs and verifies `__signedIdentifier`s (inside the /api scope). */
    signedIdentifiers: SignedIdentifiers;
    /** This instance's mail deliveries, which its job worker records and its health answer reads. */
    mailOutcomes: MailOutcomes;
  }
}

export type AppOptions = {
  /** Where the JSON log lines go (tests read them); stdout when unset. */
  logStream?: Writable;
  /**
   * Extra routes in the authenticated /api scope (tests; the REST engine may register here too).
   * Inside it: `api.actorOf(request)`, `api.signedIdentifiers`, `api.database`, and errors thrown
   * from platform/errors.ts become DESIGN §5 responses.
   */
  apiPlugins?: FastifyPluginAsync[];
  /** The app's clock instead of the configured one (tests move it by hand). */
  clock?: Clock;
  /** The notification job worker: poll interval, mailer (tests). */
  jobs?: JobsOptions;
  /** The embedded provider's sign-in policy and the clock its throttle reads (tests pass their own). */
  signIn?: { policy?: SignInPolicy; now?: () => Date };
};

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

const clockOf = (config: Config): Clock =>
  config.testClock === undefined ? systemClock : runningClock(config.testClock.start, config.testClock.since);

/**
 * Builds the whole server on one DATA_DIR: lock, database (migrated, demo data), identity,
 * API and web app. Not yet listening; `close()` releases everything, the lock last.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const lock: DataDirLock = lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrate(database.db);
    await attachAudit(database.db, auditedTables);
    // The demo world only goes into a database that was empty, never next to real users.
    if (config.demoData) {
      await seedDemoData(database.db);
    }
    return await assemble(config, options, database, lock);
  } catch (error) {
    await database?.close();
    lock.release();
    throw error;
  }
}

/**
 * Graceful shutdown (SIGTERM): Fastify answers new requests 503 and waits for the connections to end before the
 * database closes. A kept-alive connection whose request was under way would stay open after its answer and
 * hold the shutdown until its keep-alive timeout (72 s), so answers say `Connection: close` from then on, and
 * connections that fall idle (also those of the embedded provider, which answers on the raw response) are closed.
 */
function closeConnectionsWhenDone(app: FastifyInstance): void {
  let idleCloser: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (idleCloser !== undefined) {
      reply.header('connection', 'close');
    }
  });
  app.addHook('onClose', async () => clearInterval(idleCloser));
}

async function assemble(
  given: Config,
  options: AppOptions,
  database: Database,
  lock: DataDirLock,
): Promise<FastifyInstance> {
  // The config in force: its signing secret is the one every instance on the database signs with.
  const signingSecret = await resolveSigningSecret(database.db, given.signingSecret, given.dataDir);
  const config: Config = { ...given, signingSecret };
  const app = Fastify({
    ...loggerOptions(config.logLevel, options.logStream),
    // Only the configured proxies' X-Forwarded-For is believed: trusting every hop would let any client name
    // its own address, and the sign-in throttle counts by address.
    trustProxy: config.trustedProxies.length === 0 ? false : config.trustedProxies,
    // Fastify's router answers 414 to a path parameter over 100 characters, an answer no route describes (a
    // too-long token is simply not a live one: the route's 404). Node refuses a request line over its 16 KiB
    // header limit (431) before any route, so no parameter reaching the router is longer than this.
    routerOptions: { maxParamLength: 16 * 1024 },
    // Shutting down, registerStopping answers 503 itself: all but the orchestrators' probes.
    return503OnClosing: false,
  });
  // Before any route: the API's description lists what was registered.
  const registeredRoutes = recordRoutes(app);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? clockOf(config));
  app.decorate('mailOutcomes', createMailOutcomes());
  if (config.testClock !== undefined) {
    app.log.warn(
      { now: app.clock().toISOString() },
      'TEST_CLOCK: the app clock does not follow the real time',
    );
  }
  app.addHook('onClose', async () => {
    await database.close();
    lock.release();
  });
  const readiness = registerStopping(app, config.shutdownDrainSeconds);
  closeConnectionsWhenDone(app);
  const metrics = createMetricsRegistry({
    pool: database.pool,
    queue: () => queueStats(database.db, app.clock()),
    declared: declaredCounters,
  });
  observeRequests(app, metrics);
  registerMetricsEndpoint(app, metrics, { ...config.metrics, host: config.host });

  const identity = config.identity;
  registerSecurityHeaders(app, {
    externalOrigin: identity.kind === 'external' ? new URL(identity.issuer).origin : undefined,
    https: config.publicUrl.startsWith('https:'),
  });
  await registerCompression(app);

  let verifyToken: ReturnType<typeof createTokenVerifier>;
  switch (identity.kind) {
    case 'embedded': {
      const keys = await loadIdpKeys(database.db, config.dataDir);
      const provider = createEmbeddedProvider({
        issuer: identity.issuer,
        publicUrl: config.publicUrl,
        clientId: identity.clientId,
        audience: identity.audience,
        accessTokenTtl: config.idpAccessTokenTtl,
        keys,
        db: database.db,
      });
      const showDemoAccounts = isLocalUrl(config.publicUrl);
      if (!showDemoAccounts) {
        app.log.warn(
          { publicUrl: config.publicUrl },
          'ALLOW_DEMO_ACCOUNTS=true: the embedded identity provider signs in the demo accounts, whose passwords are public, at a non-local address',
        );
      }
      const throttle = createSignInThrottle(database.db, options.signIn?.policy, options.signIn?.now);
      await registerEmbeddedIdp(app, provider, {
        throttle,
        showDemoAccounts,
        isDeactivated: (account) =>
          isAccountDeactivated(database.db, provisioning.users, { issuer: identity.issuer, ...account }),
      });
      // The IdP's own public keys: real signature checks without an HTTP call to ourselves.
      verifyToken = createTokenVerifier({
        issuer: identity.issuer,
        audience: identity.audience,
        jwks: publicJwks(keys.jwks),
        retiredKeys: retiredKeys(keys),
      });
      const purge = setInterval(() => {
        Promise.all([purgeExpiredPayloads(database.db), throttle.purge()]).catch((error: unknown) => {
          app.log.warn({ err: error }, 'purging expired sign-in records failed');
        });
      }, PURGE_INTERVAL_MS);
      purge.unref();
      app.addHook('onClose', async () => clearInterval(purge));
      break;
    }
    case 'external':
      verifyToken = createTokenVerifier({ issuer: identity.issuer, audience: identity.audience });
      break;
  }

  const mailLimits = mailLimitsOf(config);
  // A leaving that no administrator makes (sign-in, the directory), as of the app's clock.
  const leaveBy = (changedBy: string) => async (db: Executor, userId: string) => {
    await deactivate(db, { userId, now: app.clock(), changedBy, budget: { limits: mailLimits, userId } });
  };
  const provisioning: Provisioning = {
    allowedEmailDomains: config.allowedEmailDomains,
    adminEmails: config.adminEmails,
    trustUnverifiedEmail: config.trustUnverifiedEmail,
    // Sign-in finding a user made inactive elsewhere completes their leaving.
    users: signInDirectory(isDoormanEmail, leaveBy('sign-in')),
  };
  const signedIdentifiers = createSignedIdentifiers(loadSigningSecret(config.signingSecret));
  const feedTokens = createFeedTokens(loadSigningSecret(config.signingSecret), config.publicUrl);

  await app.register(
    async (api) => {
      registerApiErrorHandling(api);
      registerNoStore(api);
      registerAuthentication(api, verifyToken);
      await registerActorResolution(api, database, provisioning);
      api.decorate('signedIdentifiers', signedIdentifiers);
      await healthRoutes(api, {
        databaseKind: database.kind,
        db: database.db,
        now: () => app.clock(),
        queueAgeLimitSeconds: config.healthQueueAgeSeconds,
        cacheSeconds: config.healthCacheSeconds,
        readiness,
        mailOutcomes: app.mailOutcomes,
      });
      await actorRoutes(api, {
        signedIdentifiers,
        security: { clientId: identity.clientId, name: 'ParkHere', issuer: identity.issuer },
      });
      await api.register(judoEngine, { registry, mailLimits });
      await api.register(feedSettingsRoutes, { tokens: feedTokens });
      await api.register(personalDataRoutes, { parts: personalDataParts });
      await api.register(reportRoutes);
      await api.register(availabilityRoutes);
      await api.register(dayPlanRoutes);
      const pushPolicy = { allowTestEndpoints: config.allowTestPushEndpoints };
      await api.register(pushRoutes, {
        sender: createPushSender(database.db, { publicUrl: config.publicUrl, policy: pushPolicy }),
        policy: pushPolicy,
      });
      await api.register(backupRoutes, {
        database,
        dataDir: config.dataDir,
        dir: config.backups.dir,
        now: () => app.clock(),
      });
      await api.register(importRoutes, { registry, mailLimits });
      await api.register(mailPreviewRoutes, {
        publicUrl: config.publicUrl,
        previewMail: mailPreview(TEMPLATE_FIELD_KINDS),
      });
      await openApiRoute(api, { routes: registeredRoutes, publicUrl: config.publicUrl, identity });
      await apiDocsPage(api, { clientId: identity.clientId });
      for (const plugin of options.apiPlugins ?? []) {
        await api.register(plugin);
      }
    },
    { prefix: '/api' },
  );

  await app.register(filesPlugin, {
    prefix: FILES_BASE,
    dataDir: config.dataDir,
    secret: loadSigningSecret(config.signingSecret),
    verifyToken,
    provisioning,
  });
  // The mails' check-in links: no sign-in, beside the file flow under the server's own prefix.
  await app.register(checkInRoutes, {
    prefix: FILES_BASE,
    links: createCheckInLinks(loadSigningSecret(config.signingSecret), config.publicUrl),
  });
  // The mails' "Not coming?" links: no sign-in either, the token in the address is the credential.
  await app.register(releaseRoutes, {
    prefix: FILES_BASE,
    links: createReleaseLinks(loadSigningSecret(config.signingSecret), config.publicUrl),
    mailLimits,
  });
  // The personal calendar feeds: no sign-in either, the token in the address is the credential.
  await app.register(feedRoutes, { prefix: FILES_BASE, tokens: feedTokens });
  // SCIM provisioning by the company directory: its own bearer token (SCIM_TOKEN), off without one.
  await app.register(scimRoutes, {
    prefix: '/scim',
    token: config.scimToken,
    db: database.db,
    identifiers: signedIdentifiers,
    publicUrl: config.publicUrl,
    now: () => app.clock(),
    leave: leaveBy('directory'),
    erase: (db, userId) => anonymise(db, { userId, now: app.clock() }),
  });
  await registerWebApp(app, config.webDist);
  await registerJobs(app, options.jobs);
  return app;
}
