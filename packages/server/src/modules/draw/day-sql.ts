import { type RawBuilder, sql } from 'kysely';

/** Whether the user `userId` has a PENDING request for `day` (SQL of the caller's statement): the availability's days. */
export const pendingRequestOnSql = (userId: string, day: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM draw_requests q WHERE q.user_id = ${userId}::bigint
    AND q.date = ${day} AND q.draw_status = 'PENDING')`;
