import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobContext, JobHandlers, JobRequest } from '../../platform/jobs/job-types.ts';
import { enqueueAll } from '../../platform/jobs/queue.ts';
import { recurringHandler, recurringJob } from '../../platform/jobs/recurring.ts';
import { declaredCounter } from '../../platform/observability/counter.ts';
import { requesterSql } from '../draw/index.ts';
import { reservationOwnerSql, reservationRowsSql } from '../reservations/index.ts';
import { type MessageEnvironment, messageOf, type PushNotice } from './push-messages.ts';
import type { PushSender } from './push-sender.ts';
import { dropSubscription, hasSubscriptionSql, subscriptionIdsOf, subscriptionToSend } from './repository.ts';

/*
 * Sending is a durable job with retries, as a mail is: `push.notify` finds who is told of a notice and queues
 * one `push.deliver` per subscription of theirs, each retried on its own (a push service's error or timeout)
 * and sent at most once per notice and browser (its idempotency key). A subscription the push service says is
 * gone (404, 410), or whose endpoint the rules now refuse, is removed. `push.check-in-windows` runs each
 * minute and tells the subscribed owners whose check-in window has opened.
 */

/** The push module's job kinds and their payloads. */
export type PushJobs = {
  /** Tell the owner of the notice's reservation (or draw request), on each of their subscriptions. */
  'push.notify': { notice: PushNotice };
  /** One message to one subscription. */
  'push.deliver': { subscriptionId: string; notice: PushNotice };
  /** `at`: the minute the run was scheduled for, which also names it. */
  'push.check-in-windows': { at: string };
};

export type PushJob<K extends keyof PushJobs & string = keyof PushJobs & string> = JobRequest<PushJobs, K>;

export const pushesSent = declaredCounter(
  'parkhere_push_messages_sent_total',
  'Push messages a push service accepted.',
);

/** The job that tells a notice, once per `key` (what caused it: a mail job, a reservation's window). */
export const notifyJob = (notice: PushNotice, key: string): PushJob<'push.notify'> => ({
  kind: 'push.notify',
  payload: { notice },
  idempotencyKey: `push:${key}`,
});

/** One delivery per subscription of the notice's recipient (a test's: the caller's own). */
export async function queueDeliveries(
  db: Executor,
  notice: PushNotice,
  recipient: RawBuilder<unknown>,
  { key, now }: { key: string; now: Date },
): Promise<number> {
  const ids = await subscriptionIdsOf(db, recipient);
  await enqueueAll(
    db,
    ids.map((subscriptionId) => ({
      kind: 'push.deliver',
      payload: { subscriptionId, notice },
      idempotencyKey: `push-deliver:${key}:${subscriptionId}`,
    })),
    now,
  );
  return ids.length;
}

const MINUTE_MS = 60_000;
const runOf = (at: Date) => ({ runAt: at, payload: { at: at.toISOString() } });

/** The chain of minutes that tells of check-in windows opening. */
export const checkInWindowRuns = recurringJob({
  kind: 'push.check-in-windows',
  next: (_db, now) => runOf(new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS)),
  key: ({ at }: PushJobs['push.check-in-windows']) => `push-check-in-windows:${at}`,
});

/**
 * The reservations of subscribed owners whose check-in window is open now and that are not checked in; each
 * is told once (its notify job's key names the reservation and the window's opening).
 */
async function tellOpenWindows(db: Executor, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const found = await sql<{
    id: string;
    opensAt: Date;
  }>`SELECT r.id::text AS id, r.check_in_opens_at AS opens_at
    FROM ${reservationRowsSql} r
    WHERE r.reservation_status = 'ACTIVE' AND r.checked_in_at IS NULL AND r.check_in_required
      AND r.starts_at <= ${at} + interval '12 hours' AND r.ends_at > ${at}
      AND r.check_in_opens_at <= ${at} AND ${at} < r.check_in_closes_at
      AND ${hasSubscriptionSql(sql`r.owner_id`)}`.execute(db);
  await enqueueAll(
    db,
    found.rows.map((row) =>
      notifyJob(
        { event: 'check-in-open', reservationId: row.id },
        `check-in-open:${row.id}:${new Date(row.opensAt).toISOString()}`,
      ),
    ),
    now,
  );
  return found.rows.length;
}

/** The push module's job kinds' handlers. */
export const pushJobHandlers = (
  sender: PushSender,
  environment: MessageEnvironment,
): JobHandlers<PushJobs> => ({
  'push.notify': async ({ notice }, context: JobContext) => {
    if (notice.event === 'test') {
      return;
    }
    const recipient =
      notice.event === 'draw-lost'
        ? requesterSql(sql`${notice.requestId}::bigint`)
        : reservationOwnerSql(sql`${notice.reservationId}::bigint`);
    await queueDeliveries(context.db, notice, recipient, { key: context.job.id, now: context.now });
  },
  'push.deliver': async ({ subscriptionId, notice }, context: JobContext) => {
    const subscription = await subscriptionToSend(context.db, subscriptionId);
    if (subscription === undefined) {
      context.log.info('push skipped: the subscription was removed');
      return;
    }
    const message = await messageOf(context.db, notice, subscription.locale, environment, context.now);
    if ('skipped' in message) {
      context.log.info({ reason: message.skipped }, 'push skipped');
      return;
    }
    const outcome = await sender.send(subscription, message);
    if ('sent' in outcome) {
      pushesSent.inc(1);
      return;
    }
    // Gone for good, or no longer a place the server sends to: the subscription goes.
    await dropSubscription(context.db, subscription.id);
    context.log.info(
      'gone' in outcome ? { status: outcome.status } : { refused: outcome.refused },
      'push subscription removed',
    );
  },
  ...recurringHandler(checkInWindowRuns, async (_payload, context) => {
    const told = await tellOpenWindows(context.db, context.now);
    if (told > 0) {
      context.log.info({ told }, 'check-in windows told');
    }
  }),
});
