import { type RawBuilder, sql } from 'kysely';

/** The users' names and emails as a derived table for reports (issue 28): `id`, `name`, `email`. */
export const userNamesSql: RawBuilder<unknown> = sql`(SELECT u.id, u.name, u.email FROM users u)`;
