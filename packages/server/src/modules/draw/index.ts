import { sql } from 'kysely';
import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { Constraints } from '../../platform/errors.ts';
import type { JobHandlers } from '../../platform/jobs/job-types.ts';
import type { AnyRecurringJob } from '../../platform/jobs/recurring.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import type { DeclaredCounter } from '../../platform/observability/counter.ts';
import { listPart, type PersonalDataPart } from '../../platform/personal-data.ts';
import type { ServedMailEnvironment } from '../waitlist/index.ts';
import { drawRun, drawRunHandler, drawWinners } from './draw-job.ts';
import type { DrawJobs } from './draw-jobs.ts';
import {
  drawEntrySource,
  drawPrioritySource,
  drawReplayEntrySource,
  drawReplaySource,
  drawSource,
} from './draws-source.ts';
import { drawMailHandlers } from './send-draw-mail.ts';
import { drawRequestSource } from './source.ts';

export { pendingRequestOnSql } from './day-sql.ts';
/*
 * The fair draw ([Fair share 2]): for a day in its garage's draw (ParkingGarageSettings.drawEnabled, until the
 * cut-off of the contract's rules/draw-cutoff.ts) users request instead of booking, and at the cut-off the
 * draw decides who gets a slot. Requests: request-draw.ts, withdraw-request.ts, their rules in
 * rules/requests.ts; a direct booking of a day in the draw is refused by reservations' own rules
 * (checkNotInDraw), and its quota counts pending requests (countUpcoming). The draw: a job each minute draws
 * every garage's day whose cut-off came (draw-job.ts), exactly once (conduct-draw.ts), by the pure rules of
 * rules/ (weights, order, assign, run-draw); its record and seed in the draws table (draw-records.ts). The
 * administrators read each draw, replay it (replay-draw.ts) and give need-based priorities (draws-source.ts). A
 * user's calendar feed shows their pending requests as TENTATIVE events (request-events.ts).
 */
export type { DrawJobs as JobPayloads } from './draw-jobs.ts';
export { hooks, pendingRequestCountSql } from './leaver-requests.ts';
export { mailKinds } from './mail-kinds.ts';
export { drawOperations as operations } from './operations.ts';
export { drawRequestsSql } from './report-sql.ts';
export { pendingRequestEvents } from './request-events.ts';
export { lostRequestDay } from './send-draw-mail.ts';
export { requesterSql, requestSummarySql } from './source.ts';

/** The draw's job kinds' handlers: the minute's run and the two mails. */
export const jobHandlers = (
  environment: ServedMailEnvironment,
  mailLimits: MailLimits,
): JobHandlers<DrawJobs> => ({
  ...drawMailHandlers(environment),
  ...drawRunHandler(mailLimits),
});

/** The chain the composition root queues at start. */
export const recurringJobs: readonly AnyRecurringJob[] = [drawRun];

export const sources = {
  DrawRequest: drawRequestSource,
  Draw: drawSource,
  DrawEntry: drawEntrySource,
  DrawReplay: drawReplaySource,
  DrawReplayEntry: drawReplayEntrySource,
  DrawPriority: drawPrioritySource,
} satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [
  { table: 'draw_requests' },
  { table: 'draws' },
  { table: 'draw_priorities' },
];

/**
 * A second pending request of one user for one day is answered by the request itself (409 ALREADY_REQUESTED);
 * a user holds a priority category once (its expiry is changed instead).
 */
export const constraints = {
  draw_requests_one_pending_a_day: { attribute: 'date' },
  draw_priorities_user_category_key: { attribute: 'category' },
} satisfies Constraints;

/** The user's draw requests and need-based priorities, for their own copy of their data. */
export const personalData: PersonalDataPart = async (db, userId) => ({
  ...(await listPart(
    'drawRequests',
    (id) => sql`SELECT id, user_id, parking_garage_id, preferred_slot_id, car_id, date, start_time, end_time,
        during, reservation_type, series_id, send_notification, reminder_before_reservation, draw_status,
        reservation_id, created, created_by, modefied, modefied_by, version
      FROM draw_requests WHERE user_id = ${id}::bigint ORDER BY date, id`,
  )(db, userId)),
  ...(await listPart(
    'drawPriorities',
    (id) =>
      sql`SELECT id, user_id, category, expires, created, created_by, version FROM draw_priorities WHERE user_id = ${id}::bigint ORDER BY id`,
  )(db, userId)),
});

/** The draw's counters (the app's /metrics). */
export const metrics: readonly DeclaredCounter[] = [drawWinners];
