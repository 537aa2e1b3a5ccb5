import { sql } from 'kysely';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { LifecycleHooks } from '../../platform/lifecycle.ts';
import { jsonRows, type PersonalDataPart } from '../../platform/personal-data.ts';
import { disableFeed } from './repository.ts';

/*
 * The personal calendar feed: its address (a token that needs no sign-in), the feed it serves, and the
 * signed-in user's switch for it. The events themselves are the notifications module's (reservationEvent), so
 * the feed and the mails' invitations say the same.
 */

export { feedRoutes, feedSettingsRoutes } from './feed-routes.ts';
export { createFeedTokens, type FeedTokens } from './feed-token.ts';

export const audited: readonly AuditedTable[] = [{ table: 'calendar_feeds' }];

/** A user who left has no feed: it is turned off, and turned on again after a reactivation it has a new address. */
export const hooks: LifecycleHooks = {
  userLeft: async (db, { userId, now }) => {
    await disableFeed(db, userId, now);
  },
};

/** Whether the user's feed is on and since when: never its address, which is the credential. */
export const personalData: PersonalDataPart = async (db, userId) => {
  const [feed] = await jsonRows(
    db,
    sql`SELECT enabled, changed FROM calendar_feeds WHERE user_id = ${userId}::bigint`,
  );
  return { calendarFeed: feed ?? { enabled: false } };
};
