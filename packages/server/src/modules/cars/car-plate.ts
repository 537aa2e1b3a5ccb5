import { type RawBuilder, sql } from 'kysely';

/**
 * The plate a user most likely comes with, in SQL (`userId` their id): their favourite car's, else their first
 * car's that is not archived; null when they have none. The doorman's arrivals name an assigned slot's owner so.
 */
export const carPlateOfSql = (userId: RawBuilder<unknown>): RawBuilder<string | null> =>
  sql<string | null>`(SELECT c.license_plate FROM cars c WHERE c.user_id = ${userId} AND NOT c.is_archived
    ORDER BY c.is_favorite DESC, c.id LIMIT 1)`;
