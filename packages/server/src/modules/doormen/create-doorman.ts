import type { DoormanInput } from '@parkhere/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { insertDoorman } from './repository.ts';

export type CreateDoorman = { input: DoormanInput & { name: string; email: string }; garageIds: string[] };

/** ConfigurationSettings.createDoorman: a doorman with their garages; emails are unique regardless of case. */
export async function createDoorman(
  db: Kysely<DB>,
  { input, garageIds }: CreateDoorman,
): Promise<{ id: string }> {
  return { id: await insertDoorman(db, { name: input.name.trim(), email: input.email.trim(), garageIds }) };
}
