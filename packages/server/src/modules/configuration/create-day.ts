import type { AdditionalDay } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { insertDay } from './repository.ts';

/** ConfigurationSettings.createDay: a working day or holiday swap; a day twice is refused by the database. */
export async function createDay(
  db: Kysely<DB>,
  { input }: { input: AdditionalDay & { day: string; typeOfDay: NonNullable<AdditionalDay['typeOfDay']> } },
): Promise<{ id: string }> {
  return { id: await insertDay(db, { day: input.day, typeOfDay: input.typeOfDay }) };
}
