import { type RawBuilder, sql } from 'kysely';

/**
 * The waitlist's entries as a derived table for reports (issue 28): each entry's day, its garage (null: any of
 * the owner's) and whether it went unserved (its start passed while it waited: EXPIRED).
 */
export const waitlistEntriesSql: RawBuilder<unknown> = sql`(SELECT w.date, w.parking_garage_id AS garage_id,
    w.waitlist_status = 'EXPIRED' AS unserved FROM waitlist_entries w)`;
