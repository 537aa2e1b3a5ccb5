import type { Sources } from '../../engine/registry.ts';
import type { JobHandlers } from '../../platform/jobs/worker.ts';
import { promoteWaitlist } from './promote-waitlist.ts';
import { waitlistEntrySource } from './source.ts';

/*
 * The waitlist ([Fair share 1]): requests for a day with no free slot, served in order whenever a slot
 * becomes free for them, under every rule a direct reservation obeys.
 */
export { expireWaitlist } from './expire-waitlist.ts';
export { waitlistOperations as operations } from './operations.ts';
export { promoteWaitlist } from './promote-waitlist.ts';
export { waitlistMailHandlers } from './send-waitlist-mail.ts';
export { isWaitingSql } from './source.ts';

/** The promotion job: one transaction per date (promote-waitlist.ts). */
export const promotionHandler: JobHandlers['waitlist.promote'] = async ({ date }, context) => {
  const promoted = await promoteWaitlist(context.db, date, context.now);
  if (promoted > 0) {
    context.log.info({ date, promoted }, 'waitlist entries promoted');
  }
};

export const sources = {
  WaitlistEntry: waitlistEntrySource,
} satisfies Partial<Sources>;
