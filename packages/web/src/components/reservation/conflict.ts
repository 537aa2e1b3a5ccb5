import type { Row } from '../../api/model.ts';
import { ApiError } from '../../errors/apiError.ts';

/** A lost race (409 SLOT_ALREADY_RESERVED / OVERLAPPING_RESERVATION) and the slot the server offers instead. */
export type ReservationConflict = { code: string; nextFreeSlot: Row | null };

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null;

export function reservationConflictOf(error: unknown): ReservationConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRow(error.body)) {
    return null;
  }
  const code = Reflect.get(error.body, 'code');
  if (typeof code !== 'string' || code === 'VERSION_CONFLICT') {
    return null;
  }
  const details = Reflect.get(error.body, 'details');
  const next = isRow(details) ? Reflect.get(details, 'nextFreeSlot') : undefined;
  return { code, nextFreeSlot: isRow(next) ? next : null };
}
