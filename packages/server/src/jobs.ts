import type { FastifyInstance } from 'fastify';
import {
  createCheckInLinks,
  nextNoShowReleaseAt,
  releaseNoShowsHandler,
  scheduleNoShowRelease,
} from './modules/check-in/index.ts';
import { loadMailSettings } from './modules/configuration/index.ts';
import { doormanMailHandlers } from './modules/doormen/index.ts';
import { fileCleanupHandler, nextFileCleanupAt, scheduleFileCleanup } from './modules/files/index.ts';
import {
  expireReservations,
  mailHandlers,
  nextSummaryDate,
  scheduleDoormanSummary,
} from './modules/reservations/index.ts';
import { expireWaitlist, promotionHandler, waitlistMailHandlers } from './modules/waitlist/index.ts';
import { loadSigningSecret } from './platform/http/signed-identifier.ts';
import { purgeFinishedJobs } from './platform/jobs/queue.ts';
import { DEFAULT_WORKER_OPTIONS, startWorker, type Worker } from './platform/jobs/worker.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job worker of this instance: `runDue()` runs what is due now (tests), `stop()` on close. */
    jobs: Worker;
  }
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Reservations end on the minute; a minute's delay in the stored status is invisible to reads. */
export const EXPIRY_INTERVAL_MS = 60 * 1000;
const KEEP_DONE_JOBS_MS = 30 * 24 * 60 * 60 * 1000;

export type JobsOptions = {
  pollIntervalMs?: number;
  retryBaseMs?: number;
  leaseMs?: number;
  /** Another mailer (tests); the one of `SMTP_URL` / DATA_DIR/mail otherwise. */
  mailer?: Mailer;
  /** false: no polling; `app.jobs.runDue()` still runs jobs on demand. */
  poll?: boolean;
};

/**
 * Starts this instance's job worker, the doormen's daily summary chain, the orphan-file clean-up chain and the
 * no-show release chain on the app's clock; all stop before the database closes.
 */
export async function registerJobs(app: FastifyInstance, options: JobsOptions = {}): Promise<void> {
  const clock = app.clock;
  const db = app.database.db;
  const mailer = options.mailer ?? createMailer({ smtpUrl: app.config.smtpUrl, dataDir: app.config.dataDir });
  const { timeZone } = await loadMailSettings(db);
  const now = clock();
  await scheduleDoormanSummary(db, nextSummaryDate(now, timeZone), timeZone, now);
  await scheduleFileCleanup(db, nextFileCleanupAt(now), now);
  await scheduleNoShowRelease(db, nextNoShowReleaseAt(now), now);

  const mail = { mailer, dataDir: app.config.dataDir, publicUrl: app.config.publicUrl };
  const worker = startWorker({
    db,
    handlers: {
      ...mailHandlers(
        mail,
        createCheckInLinks(loadSigningSecret(app.config.signingSecret), app.config.publicUrl),
      ),
      ...doormanMailHandlers(mail),
      'files.cleanup': fileCleanupHandler(app.config.dataDir),
      'reservations.release-no-shows': releaseNoShowsHandler,
      ...waitlistMailHandlers(mail),
      'waitlist.promote': promotionHandler,
    },
    log: app.log.child({ component: 'jobs' }),
    clock,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_WORKER_OPTIONS.pollIntervalMs,
    retryBaseMs: options.retryBaseMs ?? DEFAULT_WORKER_OPTIONS.retryBaseMs,
    leaseMs: options.leaseMs ?? DEFAULT_WORKER_OPTIONS.leaseMs,
    batchSize: DEFAULT_WORKER_OPTIONS.batchSize,
    poll: options.poll ?? true,
  });
  app.decorate('jobs', worker);
  // Done jobs only matter while a repeated enqueue could still happen; a month is far beyond that.
  const purge = setInterval(() => {
    purgeFinishedJobs(db, new Date(clock().getTime() - KEEP_DONE_JOBS_MS)).catch((error: unknown) => {
      app.log.warn({ err: error }, 'purging finished jobs failed');
    });
  }, PURGE_INTERVAL_MS);
  purge.unref();
  const expiry = setInterval(() => {
    expireReservations(db, clock()).catch((error: unknown) => {
      app.log.warn({ err: error }, 'storing expired reservations failed');
    });
    // Waitlist entries expire at their start, on the same minute's timer.
    expireWaitlist(db, clock()).catch((error: unknown) => {
      app.log.warn({ err: error }, 'storing expired waitlist entries failed');
    });
  }, EXPIRY_INTERVAL_MS);
  expiry.unref();
  app.addHook('preClose', async () => {
    clearInterval(purge);
    clearInterval(expiry);
    await worker.stop();
    mailer.close();
  });
}
