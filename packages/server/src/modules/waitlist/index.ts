import { sql } from 'kysely';
import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import { erasureOf } from '../../platform/erasure.ts';
import type { Constraints } from '../../platform/errors.ts';
import type { JobHandler, JobHandlers } from '../../platform/jobs/job-types.ts';
import type { LifecycleHooks } from '../../platform/lifecycle.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import type { DeclaredCounter } from '../../platform/observability/counter.ts';
import { listPart } from '../../platform/personal-data.ts';
import { guestColumns } from '../../platform/pseudonyms.ts';
import { anonymisedGuest, anonymiseRowsPastRetention } from '../../platform/retention.ts';
import type { WaitlistJobs } from './jobs.ts';
import { promoteWaitlist, waitlistPromoted } from './promote-waitlist.ts';
import { deleteWaitingEntriesOf } from './repository.ts';
import { type ServedMailEnvironment, waitlistMailHandlers } from './send-waitlist-mail.ts';
import { waitlistEntrySource } from './source.ts';

/*
 * The waitlist ([Fair share 1]): requests for a day with no free slot, served in order (by rank: first come,
 * first served, and a fair draw's losers in draw order) whenever a slot becomes free for them, under every
 * rule a direct reservation obeys.
 */
export { expireWaitlist } from './expire-waitlist.ts';
export type { WaitlistJobs as JobPayloads } from './jobs.ts';
export { mailKinds, servedConfirmationKind } from './mail-kinds.ts';
export { waitlistOperations as operations } from './operations.ts';
export { promoteWaitlist } from './promote-waitlist.ts';
export { waitlistEntriesSql } from './report-sql.ts';
export { type ServedMailEnvironment, sendServedConfirmation } from './send-waitlist-mail.ts';
export {
  isWaitingSql,
  type WaitedFor,
  waitingCountSql,
  waitlistDayPositionSql,
  waitlistPlaceSql,
} from './source.ts';
export { type DrawLoser, type WaitRefusal, waitInDrawOrder } from './wait-in-draw-order.ts';

/** The promotion job: one transaction per date (promote-waitlist.ts). */
const promotionHandler =
  (mailLimits: MailLimits): JobHandler<WaitlistJobs['waitlist.promote']> =>
  async ({ date }, context) => {
    const stamp = { ...context.stamp, reason: 'waitlist promotion' };
    const promoted = await promoteWaitlist(context.db, date, { now: context.now, stamp, mailLimits });
    waitlistPromoted.inc(promoted);
    if (promoted > 0) {
      context.log.info({ date, promoted }, 'waitlist entries promoted');
    }
  };

/** The waitlist's job kinds' handlers: the promotion and its mails. */
export const jobHandlers = (
  environment: ServedMailEnvironment,
  mailLimits: MailLimits,
): JobHandlers<WaitlistJobs> => ({
  ...waitlistMailHandlers(environment),
  'waitlist.promote': promotionHandler(mailLimits),
});

/** A user who left waits for no slot any more: their waiting entries go, so none is promoted for them. */
export const hooks: LifecycleHooks = {
  userLeft: async (db, { userId }) => {
    await deleteWaitingEntriesOf(db, userId);
  },
  // Places served or expired stay for the statistics, their guests pseudonymised (as the reservations').
  userErased: erasureOf('waitlist_entries', {
    owner: 'user_id',
    columns: guestColumns,
    changedBy: ['created_by'],
  }),
};

export const sources = {
  WaitlistEntry: waitlistEntrySource,
} satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'waitlist_entries' }];

/** One waiting entry per owner and time: a second join is refused as already waiting. */
export const constraints = {
  waitlist_entries_owner_no_overlap: { conflict: 'ALREADY_ON_WAITLIST' },
} satisfies Constraints;

/** The user's waitlist places, served and expired ones too, for their own copy of their data. */
export const personalData = listPart(
  'waitlistEntries',
  (
    userId,
  ) => sql`SELECT id, user_id, parking_garage_id, car_id, guest_name, guest_email, guest_license_plate, date,
      start_time, end_time, during, reservation_type, send_notification, reminder_before_reservation,
      instant_notificate_the_doorman, waitlist_status, reservation_id, created, created_by, version, rank,
      anonymised_at
    FROM waitlist_entries WHERE user_id = ${userId}::bigint ORDER BY date, id`,
);

/** The waitlist's counters (the app's /metrics). */
export const metrics: readonly DeclaredCounter[] = [waitlistPromoted];

/**
 * Past retention a waitlist place stays for the statistics (the demand of its day: served, expired, unserved),
 * but its car, its guest and who made it go.
 */
export const retention = anonymiseRowsPastRetention(
  'waitlist_entries',
  { ...anonymisedGuest, created_by: null },
  ['car_id'],
);
