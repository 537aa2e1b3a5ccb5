import type { Locale } from '@parkhere/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';

/* The SQL of the doormen tables, besides the engine's mapping (source.ts). */

export type DoormanRecipient = { id: string; name: string; email: string; locale: Locale };

/** Doormen of one garage, or of any garage when `garageId` is unset; a doorman who is also a user gets their language. */
export async function loadDoormen(db: Executor, garageId?: string): Promise<DoormanRecipient[]> {
  const garage = garageId === undefined ? sql`` : sql`AND dg.parking_garage_id = ${garageId}`;
  const result = await sql<{ id: string; name: string; email: string; locale: string | null }>`
    SELECT d.id::text AS id, d.name, d.email,
      (SELECT u.locale FROM users u WHERE lower(u.email) = lower(d.email) LIMIT 1) AS locale
    FROM doormen d
    WHERE EXISTS (SELECT 1 FROM doorman_garages dg WHERE dg.doorman_id = d.id ${garage})
    ORDER BY d.id`.execute(db);
  return result.rows.map((row) => ({ ...row, locale: localeOf(row.locale) }));
}

/** The ids of the garages the doorman `doormanId` looks after, as an SQL set. */
export const doormanGarageIdsSql = (doormanId: string): RawBuilder<unknown> =>
  sql`(SELECT parking_garage_id FROM doorman_garages WHERE doorman_id = ${doormanId})`;

/** Whether `email` (an SQL expression) is a doorman's, in any case. */
export const isDoormanEmail = (email: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM doormen WHERE lower(doormen.email) = lower(${email}))`;

/** A doorman with their garages; the garages already linked are kept. */
export async function insertDoorman(
  db: Kysely<DB>,
  doorman: { name: string; email: string; garageIds: readonly string[] },
): Promise<string> {
  const row = await db
    .insertInto('doormen')
    .values({ name: doorman.name, email: doorman.email })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (doorman.garageIds.length > 0) {
    await db
      .insertInto('doormanGarages')
      .values(doorman.garageIds.map((parkingGarageId) => ({ doormanId: row.id, parkingGarageId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  return row.id;
}
