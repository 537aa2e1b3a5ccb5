import type { LocalDate } from '@parkhere/contract';
import type { JobKindOf, JobRequest } from '../../platform/jobs/job-types.ts';
import { jobQueue } from '../../platform/jobs/queue.ts';

/** The waitlist's job kinds and their payloads. */
export type WaitlistJobs = {
  /**
   * Serve the WAITING entries of `date` from the slots free for them (queued when a slot may have become free,
   * also by migration 0009's triggers).
   */
  'waitlist.promote': { date: LocalDate };
  /** The reservation a waitlist entry became: its owner's one confirmation, saying it came from the waitlist. */
  'mail.waitlist-promoted': { reservationId: string };
  /** An entry that expired at its start without a free slot. */
  'mail.waitlist-expired': { entryId: string };
};

export type WaitlistJob<K extends JobKindOf<WaitlistJobs> = JobKindOf<WaitlistJobs>> = JobRequest<
  WaitlistJobs,
  K
>;

/** The queue, typed by the waitlist's own kinds. */
export const waitlistJobs = jobQueue<WaitlistJobs>();
