import { type RawBuilder, sql } from 'kysely';

/** The fair draw's requests as a derived table for reports (issue 28): each one's day, garage and whether it lost. */
export const drawRequestsSql: RawBuilder<unknown> = sql`(SELECT d.date, d.parking_garage_id AS garage_id,
    d.draw_status = 'LOST' AS lost FROM draw_requests d)`;
