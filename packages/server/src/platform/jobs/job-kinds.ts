import type { LocalDate } from '@parkhere/contract';

/**
 * Every kind of job and its payload. Payloads carry ids, never copies of data: a handler reads the current
 * rows when it runs, so a reminder of a reservation deleted meanwhile is skipped.
 */
export type JobPayloads = {
  'mail.confirmation': { reservationId: string };
  'mail.modification': { reservationId: string };
  'mail.deletion': { reservationId: string };
  /** `startsAt`: the start the reminder was scheduled for; a reservation moved since is not reminded by it. */
  'mail.reminder': { reservationId: string; startsAt: string };
  'mail.doorman-notice': { reservationId: string };
  /** Tells the owner their reservation was released as NO_SHOW. */
  'mail.no-show': { reservationId: string };
  'mail.doorman-summary': { date: LocalDate };
  /** `at`: the instant the run was scheduled for, which also names it (one run per instant). */
  'files.cleanup': { at: string };
  /** `at`: the minute the run was scheduled for, which also names it (one run per minute). */
  'reservations.release-no-shows': { at: string };
  /** Serve the WAITING entries of `date` from the slots free for them (queued when a slot may have become free). */
  'waitlist.promote': { date: LocalDate };
  /** The reservation a waitlist entry became: its owner's one confirmation, saying it came from the waitlist. */
  'mail.waitlist-promoted': { reservationId: string };
  /** An entry that expired at its start without a free slot. */
  'mail.waitlist-expired': { entryId: string };
  /** A GUEST reservation's own mail to its guest: made, changed or deleted. */
  'mail.guest': { reservationId: string; about: 'confirmation' | 'modification' | 'deletion' };
};

export type JobKind = keyof JobPayloads;

export const JOB_KINDS: readonly JobKind[] = [
  'mail.confirmation',
  'mail.modification',
  'mail.deletion',
  'mail.reminder',
  'mail.doorman-notice',
  'mail.no-show',
  'mail.doorman-summary',
  'files.cleanup',
  'reservations.release-no-shows',
  'waitlist.promote',
  'mail.waitlist-promoted',
  'mail.waitlist-expired',
  'mail.guest',
];

export const isJobKind = (value: string): value is JobKind =>
  (JOB_KINDS as readonly string[]).includes(value);
