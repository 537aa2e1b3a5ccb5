import type { Kysely } from 'kysely';
import type { ActorScope } from '../../engine/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { BusinessError, EntityNotFoundError } from '../../platform/errors.ts';
import { deleteEntry, lockEntry } from './repository.ts';

/**
 * WaitlistEntry.leaveWaitlist: the owner or an administrator removes a WAITING entry that has not started.
 * Another user's entry is 404 (no hint it exists); a promoted or expired one is 422 NOT_VALID_DATA.
 */
export async function leaveWaitlist(
  db: Kysely<DB>,
  request: { entryId: string; scope: ActorScope; now: Date },
): Promise<void> {
  const { scope } = request;
  const entry = await lockEntry(db, request.entryId);
  if (entry === undefined || (!scope.isAdministrator && entry.userId !== scope.userId)) {
    throw new EntityNotFoundError();
  }
  if (entry.status !== 'WAITING' || entry.start.getTime() <= request.now.getTime()) {
    throw new BusinessError('NOT_VALID_DATA', 'Only a waiting entry can be left');
  }
  await deleteEntry(db, request.entryId);
}
