import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** The database or an open transaction of it: a write given the caller's transaction commits with it. */
export type Executor = Kysely<DB> | Transaction<DB>;
