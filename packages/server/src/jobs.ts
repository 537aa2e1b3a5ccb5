import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type BackupJobs, backupHandlers, backupRun } from './backups.ts';
import * as audit from './modules/audit/index.ts';
import * as checkIn from './modules/check-in/index.ts';
import { createCheckInLinks } from './modules/check-in/index.ts';
import * as doormen from './modules/doormen/index.ts';
import * as draw from './modules/draw/index.ts';
import * as files from './modules/files/index.ts';
import * as notifications from './modules/notifications/index.ts';
import * as push from './modules/push/index.ts';
import { createReleaseLinks, type ReleaseLinks } from './modules/release-link/index.ts';
import * as reservations from './modules/reservations/index.ts';
import * as waitlist from './modules/waitlist/index.ts';
import { expireWaitlist } from './modules/waitlist/index.ts';
import { actors, stampedTransaction } from './platform/db/actor-stamp.ts';
import type { Executor } from './platform/db/executor.ts';
import type { DB } from './platform/db/schema.ts';
import { createSignedIdentifiers, loadSigningSecret } from './platform/http/signed-identifier.ts';
import type { JobHandler, JobHandlers } from './platform/jobs/job-types.ts';
import { enqueue, purgeFinishedJobs } from './platform/jobs/queue.ts';
import { type AnyRecurringJob, scheduleNextRun } from './platform/jobs/recurring.ts';
import { DEFAULT_WORKER_OPTIONS, startWorker, type Worker } from './platform/jobs/worker.ts';
import type { MailEnvironment } from './platform/mail/deliver-mail.ts';
import { type MailLimits, mailLimitsOf } from './platform/mail/mail-limits.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { type RetentionJobs, retentionHandlers, retentionRun } from './retention.ts';

/*
 * The durable job kinds, assembled from the modules as registry.ts assembles operations: each module's
 * index.ts declares its kinds' payloads (`JobPayloads`), their handlers (`jobHandlers`) and its recurring
 * jobs. A declared kind without a handler fails to compile here.
 */

/** Every job kind with its payload. */
export type JobPayloads = notifications.JobPayloads &
  checkIn.JobPayloads &
  doormen.JobPayloads &
  draw.JobPayloads &
  files.JobPayloads &
  waitlist.JobPayloads &
  audit.JobPayloads &
  reservations.JobPayloads &
  push.JobPayloads &
  RetentionJobs &
  BackupJobs;

/**
 * What the handlers are bound to: the mail environment, the limits of mail to others (the waitlist's
 * promotions create reservations), the check-in and release links mails carry, DATA_DIR, and what the daily backup takes
 * and where it keeps how many.
 */
export type JobEnvironment = {
  mail: MailEnvironment;
  mailLimits: MailLimits;
  checkInLinks: checkIn.CheckInLinks;
  releaseLinks: ReleaseLinks;
  dataDir: string;
  backups: Parameters<typeof backupHandlers>[0];
  /** Web Push: the sender and what its messages are built with (the signed identifiers, the links). */
  push: { sender: push.PushSender; messages: push.MessageEnvironment };
};

/** The notices that follow mails, each kind and payload checked against the kinds assembled here. */
const PUSHES_AFTER: { [K in keyof JobPayloads]?: (payload: JobPayloads[K]) => push.PushNotice } =
  push.pushesAfter;
/** A kind push names that no module declares fails to compile here. */
const pushesFollowDeclaredKinds: [Exclude<keyof typeof push.pushesAfter, keyof JobPayloads>] extends [never]
  ? true
  : never = true;
void pushesFollowDeclaredKinds;

/**
 * The handlers with the push notices that follow their mails: the notice is queued first (once per job: its
 * key names the job), then the mail goes as before.
 */
function withPushes(handlers: JobHandlers<JobPayloads>): JobHandlers<JobPayloads> {
  const followed = { ...handlers };
  const follow = <K extends keyof JobPayloads>(kind: K) => {
    const noticeOf = PUSHES_AFTER[kind];
    const handler: JobHandler<JobPayloads[K]> = handlers[kind];
    if (noticeOf === undefined) {
      return;
    }
    const withNotice: JobHandler<JobPayloads[K]> = async (payload, context) => {
      await enqueue(context.db, push.notifyJob(noticeOf(payload), `${kind}:${context.job.id}`), context.now);
      await handler(payload, context);
    };
    Object.assign(followed, { [kind]: withNotice });
  };
  for (const kind of Object.keys(PUSHES_AFTER) as (keyof JobPayloads)[]) {
    follow(kind);
  }
  return followed;
}

export const jobHandlers = (environment: JobEnvironment): JobHandlers<JobPayloads> => {
  // The served requests' confirmations (the waitlist's, the draw's) carry the check-in window as a booking's.
  const served = {
    mail: environment.mail,
    checkInLinks: environment.checkInLinks,
    releaseLinks: environment.releaseLinks,
  };
  return withPushes({
    ...notifications.jobHandlers({
      mail: environment.mail,
      checkInLinks: environment.checkInLinks,
      releaseLinks: environment.releaseLinks,
      reservationRows: reservations.reservationRowsSql,
      markGuestTold: reservations.markGuestTold,
    }),
    ...checkIn.jobHandlers(),
    ...doormen.jobHandlers(environment.mail),
    ...files.jobHandlers(environment.dataDir),
    ...waitlist.jobHandlers(served, environment.mailLimits),
    ...draw.jobHandlers(served, environment.mailLimits),
    ...audit.jobHandlers(),
    ...reservations.jobHandlers(),
    ...retentionHandlers(environment.dataDir),
    ...backupHandlers(environment.backups),
    ...push.jobHandlers(environment.push.sender, environment.push.messages),
  });
};

/**
 * The chains (file clean-up, no-show release, doormen's summary, the draw, retention, the audit log's pruning,
 * the backup) whose next run every start queues.
 */
const RECURRING_JOBS: readonly AnyRecurringJob[] = [
  ...doormen.recurringJobs,
  ...files.recurringJobs,
  ...checkIn.recurringJobs,
  ...draw.recurringJobs,
  ...audit.recurringJobs,
  ...push.recurringJobs,
  retentionRun,
  backupRun,
];

export const scheduleRecurringJobs = async (db: Executor, now: Date): Promise<void> => {
  for (const job of RECURRING_JOBS) {
    await scheduleNextRun(db, job, now);
  }
};

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

/** What the minute's timer stores as expired; waitlist entries expire at their start, on the same timer. */
const EXPIRY = {
  'reservations.expire': {
    store: reservations.expireReservations,
    failure: 'storing expired reservations failed',
  },
  'waitlist.expire': { store: expireWaitlist, failure: 'storing expired waitlist entries failed' },
} as const;

export type ExpiryTask = keyof typeof EXPIRY;

/**
 * One of the timer's expiry tasks, in a transaction of its own: the audit log has its changes as
 * `system:<task>`, as it has a job's as `system:<job kind>`. Returns how many rows expired.
 */
export const runExpiry = (db: Kysely<DB>, task: ExpiryTask, now: Date): Promise<number> =>
  stampedTransaction(db, { actor: actors.system(task) }, (transaction) =>
    EXPIRY[task].store(transaction, now),
  );

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
 * Starts this instance's job worker and the modules' recurring chains on the app's clock; all stop before the
 * database closes.
 */
export async function registerJobs(app: FastifyInstance, options: JobsOptions = {}): Promise<void> {
  const clock = app.clock;
  const db = app.database.db;
  const mailer = options.mailer ?? createMailer({ smtpUrl: app.config.smtpUrl, dataDir: app.config.dataDir });
  await scheduleRecurringJobs(db, clock());
  const secret = loadSigningSecret(app.config.signingSecret);
  const checkInLinks = createCheckInLinks(secret, app.config.publicUrl);
  const releaseLinks = createReleaseLinks(secret, app.config.publicUrl);
  const worker = startWorker({
    db,
    handlers: jobHandlers({
      mail: {
        mailer,
        dataDir: app.config.dataDir,
        publicUrl: app.config.publicUrl,
        outcomes: app.mailOutcomes,
      },
      mailLimits: mailLimitsOf(app.config),
      checkInLinks,
      releaseLinks,
      dataDir: app.config.dataDir,
      backups: { database: app.database, dataDir: app.config.dataDir, ...app.config.backups },
      push: {
        sender: push.createPushSender(db, {
          publicUrl: app.config.publicUrl,
          policy: { allowTestEndpoints: app.config.allowTestPushEndpoints },
        }),
        messages: {
          signedIdentifiers: createSignedIdentifiers(secret),
          checkInLinks,
          releaseLinks,
        },
      },
    }),
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
    for (const task of Object.keys(EXPIRY) as ExpiryTask[]) {
      runExpiry(db, task, clock()).catch((error: unknown) => {
        app.log.warn({ err: error }, EXPIRY[task].failure);
      });
    }
  }, EXPIRY_INTERVAL_MS);
  expiry.unref();
  app.addHook('preClose', async () => {
    clearInterval(purge);
    clearInterval(expiry);
    await worker.stop();
    mailer.close();
  });
}
