import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { SignedIdentifiers } from '../../platform/http/signed-identifier.ts';

/** What the SCIM endpoints need of the server they run in (app.ts binds it). */
export type ScimEndpoint = {
  db: Kysely<DB>;
  identifiers: SignedIdentifiers;
  /** The origin the directory reaches the server at (PUBLIC_URL): each resource's meta.location starts with it. */
  publicUrl: string;
  now: () => Date;
  /** The one way a user leaves (the users' deactivation with every module's hooks), in the caller's transaction. */
  leave: (db: Executor, userId: string) => Promise<void>;
  /** The one way a user is erased (the users' anonymisation with every module's hooks), in the caller's transaction. */
  erase: (db: Executor, userId: string) => Promise<void>;
};
