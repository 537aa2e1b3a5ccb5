import { type RawBuilder, sql } from 'kysely';

/** Whether the user `userId` is on holiday on `day` (SQL of the caller's statement): the availability's days. */
export const onHolidaySql = (userId: string, day: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM holidays h WHERE h.user_id = ${userId}::bigint
    AND ${day} BETWEEN h.start_date AND h.end_date)`;
