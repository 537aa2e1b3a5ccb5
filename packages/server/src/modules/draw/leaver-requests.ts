import { type RawBuilder, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import { erasureOf } from '../../platform/erasure.ts';
import type { LifecycleHooks } from '../../platform/lifecycle.ts';

type Sql = RawBuilder<unknown>;

/** How many pending requests a user has (the administrator's confirmation of a leaving says it). */
export const pendingRequestCountSql = (userId: Sql): Sql =>
  sql`(SELECT count(*)::int FROM draw_requests d WHERE d.user_id = ${userId} AND d.draw_status = 'PENDING')`;

/**
 * A user who left takes part in no draw: their pending requests are withdrawn, as they would withdraw them
 * (a request already drawn is a reservation or a waitlist place, which their own modules release). The row
 * locks order this and a draw taking the requests at the cut-off, as for a withdrawal.
 */
export const hooks: LifecycleHooks = {
  userLeft: async (db, { userId, now, changedBy }) => {
    await sql`UPDATE draw_requests SET draw_status = 'WITHDRAWN', modefied = ${instant(now)},
        modefied_by = ${changedBy}, version = version + 1
      WHERE user_id = ${userId}::bigint AND draw_status = 'PENDING'`.execute(db);
  },
  // Requests hold no plate or guest: only the anonymised user's email where they created or changed one.
  userErased: erasureOf('draw_requests', { changedBy: ['created_by', 'modefied_by'] }),
};
