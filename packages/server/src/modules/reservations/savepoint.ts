import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { type ConflictError, exclusionConflictOf } from '../../platform/errors.ts';
import { reservationConstraints } from './constraints.ts';

/** An exclusion constraint's refusal as its conflict code, or null for any other error. */
export const conflictOf = (error: unknown): ConflictError['code'] | null => {
  if (typeof error !== 'object' || error === null) {
    return null;
  }
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23P01' ? exclusionConflictOf(reservationConstraints, constraint) : null;
};

/**
 * Runs a write of the reservation tables behind a savepoint, so that after an exclusion-constraint refusal the
 * transaction can still read (the next free slot) before it answers the 409 `onConflict` builds.
 */
export async function withSavepoint<T>(
  db: Kysely<DB>,
  write: () => Promise<T>,
  onConflict: (conflict: ConflictError['code']) => Promise<Error>,
): Promise<T> {
  await sql`SAVEPOINT reservation_write`.execute(db);
  try {
    const result = await write();
    await sql`RELEASE SAVEPOINT reservation_write`.execute(db);
    return result;
  } catch (error) {
    const conflict = conflictOf(error);
    if (conflict === null) {
      throw error;
    }
    await sql`ROLLBACK TO SAVEPOINT reservation_write`.execute(db);
    throw await onConflict(conflict);
  }
}
