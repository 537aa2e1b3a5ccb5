import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type OverlapConflict = 'SLOT_ALREADY_RESERVED' | 'OVERLAPPING_RESERVATION';

const CONFLICTS: Record<string, OverlapConflict> = {
  reservations_slot_no_overlap: 'SLOT_ALREADY_RESERVED',
  reservations_owner_no_overlap: 'OVERLAPPING_RESERVATION',
};

const conflictOf = (error: unknown): OverlapConflict | null => {
  if (typeof error !== 'object' || error === null) {
    return null;
  }
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23P01') {
    return null;
  }
  return CONFLICTS[typeof constraint === 'string' ? constraint : ''] ?? 'OVERLAPPING_RESERVATION';
};

/**
 * Runs a write of the reservation tables behind a savepoint, so that after an exclusion-constraint refusal the
 * transaction can still read (the next free slot) before it answers the 409 `onConflict` builds.
 */
export async function withSavepoint<T>(
  db: Kysely<DB>,
  write: () => Promise<T>,
  onConflict: (conflict: OverlapConflict) => Promise<Error>,
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
