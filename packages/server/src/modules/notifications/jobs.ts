import type { JobKindOf, JobRequest } from '../../platform/jobs/job-types.ts';
import { jobQueue } from '../../platform/jobs/queue.ts';
import type { MailCharge } from '../../platform/mail/mail-limits.ts';

/**
 * The reservations' job kinds and their payloads (ids, never copies: a handler reads the current rows). Their
 * handlers: mail-handlers.ts; the doormen's notice is the doormen module's to send.
 */
export type ReservationJobs = {
  'mail.confirmation': { reservationId: string };
  'mail.modification': { reservationId: string };
  'mail.deletion': { reservationId: string };
  /** `startsAt`: the start the reminder was scheduled for; a reservation moved since is not reminded by it. */
  'mail.reminder': { reservationId: string; startsAt: string };
  /** Tells the owner their reservation was released as NO_SHOW. */
  'mail.no-show': { reservationId: string };
  /**
   * A GUEST reservation's own mail to its guest: made, changed, deleted, or moved by a change of the configured
   * time zone (0064's trigger queues that one, charging no budget: no user asked for it). `charge`: the mail
   * budget it spent when queued (an outside address), given back if it does not go out.
   */
  'mail.guest': {
    reservationId: string;
    about: 'confirmation' | 'modification' | 'deletion' | 'time-zone';
    charge?: MailCharge;
  };
  /**
   * The owner's reservations a change of the configured time zone moved, whose invitation they were mailed: one
   * mail re-inviting them to each (0063's trigger queues it with the change).
   */
  'mail.time-zone': { ownerId: string; reservationIds: string[] };
  /**
   * Records the invitations mailed before migration 0063 recorded them (its job): the reservations still to
   * come made or last changed before `before` (an ISO instant).
   */
  'notifications.record-invitations': { before: string };
  /** A GUEST reservation the doormen are told of at once (sent by the doormen module); `charge` as above. */
  'mail.doorman-notice': { reservationId: string; charge?: MailCharge };
};

export type ReservationJob<K extends JobKindOf<ReservationJobs> = JobKindOf<ReservationJobs>> = JobRequest<
  ReservationJobs,
  K
>;

/** The queue, typed by the reservations' own kinds. */
export const reservationJobs = jobQueue<ReservationJobs>();
