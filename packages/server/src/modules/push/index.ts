import type { AnyRecurringJob } from '../../platform/jobs/recurring.ts';
import type { LifecycleHooks } from '../../platform/lifecycle.ts';
import type { DeclaredCounter } from '../../platform/observability/counter.ts';
import { listPart } from '../../platform/personal-data.ts';
import { checkInWindowRuns, pushesSent } from './push-jobs.ts';
import type { PushNotice } from './push-messages.ts';
import { dropSubscriptionsOf, personalDataSql } from './repository.ts';

/*
 * Web Push (issue 32, item 4): a user who turned notifications on in Profile settings is told at once, on each
 * browser that subscribed, of what their mails tell later: a slot from the waitlist, a draw's result (won, lost,
 * a request booked when its garage stopped drawing), a check-in window opening, a release as a no-show. Sent as durable
 * jobs with `web-push` and the VAPID keys the instances share, only to push services on the public internet
 * (endpoint-rules.ts). The module names no other module's table: it reads a reservation as its mails do.
 */
export type { EndpointPolicy } from './endpoint-rules.ts';
export { notifyJob, type PushJobs as JobPayloads, pushJobHandlers as jobHandlers } from './push-jobs.ts';
export type { MessageEnvironment, PushNotice } from './push-messages.ts';
export { pushRoutes } from './push-routes.ts';
export { createPushSender, type PushSender } from './push-sender.ts';

/**
 * The notices that follow the mails of other modules' jobs, by the mail's job kind: when such a job runs, its
 * notice is queued first (once per job, so a mail's retries tell nothing twice, and a mail that cannot go out
 * does not hold the notification back). jobs.ts checks each kind and payload against the kinds it assembles.
 */
export const pushesAfter = {
  'mail.waitlist-promoted': ({ reservationId }: { reservationId: string }): PushNotice => ({
    event: 'waitlist-promoted',
    reservationId,
  }),
  'mail.draw-won': ({ reservationId }: { reservationId: string }): PushNotice => ({
    event: 'draw-won',
    reservationId,
  }),
  'mail.draw-settled': ({ reservationId }: { reservationId: string }): PushNotice => ({
    event: 'draw-settled',
    reservationId,
  }),
  'mail.draw-lost': ({ requestId, waiting }: { requestId: string; waiting: boolean }): PushNotice => ({
    event: 'draw-lost',
    requestId,
    waiting,
  }),
  'mail.no-show': ({ reservationId }: { reservationId: string }): PushNotice => ({
    event: 'no-show',
    reservationId,
  }),
};

/** The chain the composition root queues at start: each minute, the check-in windows that opened. */
export const recurringJobs: readonly AnyRecurringJob[] = [checkInWindowRuns];

/** A user who left is told nothing more: every subscription of theirs goes (and stays gone when erased). */
export const hooks: LifecycleHooks = {
  userLeft: (db, { userId }) => dropSubscriptionsOf(db, userId),
  userErased: (db, { userId }) => dropSubscriptionsOf(db, userId),
};

/** The user's subscriptions (the push services' addresses and when), for their own copy of their data. */
export const personalData = listPart('pushSubscriptions', personalDataSql);

export const metrics: readonly DeclaredCounter[] = [pushesSent];
