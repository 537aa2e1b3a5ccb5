import type { DoormanInput } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export type CreateDoorman = { input: DoormanInput & { name: string; email: string }; garageIds: string[] };

/** ConfigurationSettings.createDoorman: a doorman with their garages; emails are unique regardless of case. */
export async function createDoorman(
  db: Kysely<DB>,
  { input, garageIds }: CreateDoorman,
): Promise<{ id: string }> {
  const row = await db
    .insertInto('doormen')
    .values({ name: input.name.trim(), email: input.email.trim() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (garageIds.length > 0) {
    await db
      .insertInto('doormanGarages')
      .values(garageIds.map((parkingGarageId) => ({ doormanId: row.id, parkingGarageId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  return { id: row.id };
}
