import type { JobKindOf, JobRequest } from '../../platform/jobs/job-types.ts';
import { jobQueue } from '../../platform/jobs/queue.ts';

/** The draw's job kinds and their payloads. */
export type DrawJobs = {
  /** `at`: the minute the run was scheduled for (one run a minute): it draws every garage's day now due. */
  'draw.run': { at: string };
  /** A winner's reservation: its one confirmation, saying the draw gave it, with the calendar invitation. */
  'mail.draw-won': { reservationId: string };
  /** A loser's request: lost, and whether it waits on the waitlist. */
  'mail.draw-lost': { requestId: string; waiting: boolean };
};

export type DrawJob<K extends JobKindOf<DrawJobs> = JobKindOf<DrawJobs>> = JobRequest<DrawJobs, K>;

export const drawJobs = jobQueue<DrawJobs>();

export const wonMailJob = (reservationId: string): DrawJob<'mail.draw-won'> => ({
  kind: 'mail.draw-won',
  payload: { reservationId },
  idempotencyKey: `draw-won:${reservationId}`,
});

export const lostMailJob = (requestId: string, waiting: boolean): DrawJob<'mail.draw-lost'> => ({
  kind: 'mail.draw-lost',
  payload: { requestId, waiting },
  idempotencyKey: `draw-lost:${requestId}`,
});
