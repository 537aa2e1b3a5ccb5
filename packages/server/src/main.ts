import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirInUseError } from './platform/data-dir-lock.ts';

/**
 * Longer than any request or mail job should take, shorter than the 30 s a container platform waits before it
 * kills: a shutdown that hangs (a stuck request) still ends, with a log line and a failure code.
 */
const SHUTDOWN_LIMIT_MS = 25_000;

/** Starts the server from the environment; exits with a clear message on bad configuration or a busy DATA_DIR. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Listening from the start: a signal while migrations or the demo seeding run waits for them to commit,
  // instead of killing the process half-way.
  let signalled: string | undefined;
  let onSignal = (signal: string) => {
    signalled ??= signal;
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the requests and the job under way');
    setTimeout(() => {
      app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown did not finish in time');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    // Fastify answers new requests 503 and waits for those under way; the job worker finishes its job; then the
    // database closes and the DATA_DIR lock goes.
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  onSignal = shutdown;
  if (signalled !== undefined) {
    shutdown(signalled);
    return;
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await app.close();
    process.exit(1);
  }
  app.log.info(
    {
      url: config.publicUrl,
      database: app.database.kind,
      identity: config.identity.kind,
      issuer: config.identity.issuer,
      dataDir: config.dataDir,
    },
    `ParkHere is running at ${config.publicUrl}`,
  );
}

await main();
