import type { AnyRecurringJob } from '../../platform/jobs/recurring.ts';
import type { DeclaredCounter } from '../../platform/observability/counter.ts';
import { noShowRelease, noShowsReleased } from './release-no-shows.ts';

/*
 * Check-in ([Fair share 1]): a reservation of a garage that requires it is checked in within its window, by
 * the operation (owner, administrator, the garage's doorman) or by the signed link of its mails, and released
 * as NO_SHOW by the per-minute release when the window closes unchecked. The window itself is part of the
 * reservation's lifecycle (reservations' rules); what is stored is reservations' SQL.
 */
export { type CheckInLinks, createCheckInLinks } from './check-in-link.ts';
export { checkInRoutes } from './check-in-routes.ts';
export { checkInOperations as operations } from './operations.ts';
export {
  type CheckInJobs as JobPayloads,
  checkInJobHandlers as jobHandlers,
  noShowRelease,
} from './release-no-shows.ts';

/** The chains the composition root queues at start. */
export const recurringJobs: readonly AnyRecurringJob[] = [noShowRelease];

/** The check-in's counters (the app's /metrics). */
export const metrics: readonly DeclaredCounter[] = [noShowsReleased];
