import type { JobKindOf, JobRequest } from '../../platform/jobs/job-types.ts';
import { jobQueue } from '../../platform/jobs/queue.ts';

/** The draw's job kinds and their payloads. */
export type DrawJobs = {
  /** `at`: the minute the run was scheduled for (one run a minute): it draws every garage's day now due. */
  'draw.run': { at: string };
  /** A winner's reservation: its one confirmation, saying the draw gave it, with the calendar invitation. */
  'mail.draw-won': { reservationId: string };
  /** A loser's request: lost, and whether it waits on the waitlist. */
  'mail.draw-lost': { requestId: string; waiting: boolean; settled?: boolean };
  /** A request booked in request order because its garage stopped drawing (settle-undrawn.ts). */
  'mail.draw-settled': { reservationId: string };
};

export type DrawJob<K extends JobKindOf<DrawJobs> = JobKindOf<DrawJobs>> = JobRequest<DrawJobs, K>;

export const drawJobs = jobQueue<DrawJobs>();

export const wonMailJob = (reservationId: string): DrawJob<'mail.draw-won'> => ({
  kind: 'mail.draw-won',
  payload: { reservationId },
  idempotencyKey: `draw-won:${reservationId}`,
});

/** `settled`: not drawn: its garage stopped drawing and it got no slot in request order. */
export const lostMailJob = (
  requestId: string,
  waiting: boolean,
  settled = false,
): DrawJob<'mail.draw-lost'> => ({
  kind: 'mail.draw-lost',
  payload: settled ? { requestId, waiting, settled } : { requestId, waiting },
  idempotencyKey: `draw-lost:${requestId}`,
});

export const settledMailJob = (reservationId: string): DrawJob<'mail.draw-settled'> => ({
  kind: 'mail.draw-settled',
  payload: { reservationId },
  idempotencyKey: `draw-settled:${reservationId}`,
});
