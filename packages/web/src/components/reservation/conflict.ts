import type { Row } from '../../api/model.ts';
import { ApiError } from '../../errors/apiError.ts';
import { faultDetailsOf } from '../../errors/businessFault.ts';

/**
 * A lost race (409 SLOT_ALREADY_RESERVED / OVERLAPPING_RESERVATION, ALREADY_ON_WAITLIST of a waitlist join) and
 * the slot the server offers instead.
 */
export type ReservationConflict = {
  code: string;
  nextFreeSlot: Row | null;
  /** OVERLAPPING_RESERVATION: the user's own reservation the request collided with, when the server names it. */
  existing?: ExistingReservation;
};

/** The owner's reservation an OVERLAPPING_RESERVATION names: slot name, day and wall-clock times. */
export type ExistingReservation = { parkingSlot: string; date: string; startTime: string; endTime: string };

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null;

const existingOf = (details: unknown): ExistingReservation | undefined => {
  const existing = isRow(details) ? Reflect.get(details, 'existingReservation') : undefined;
  if (!isRow(existing)) {
    return undefined;
  }
  const { parkingSlot, date, startTime, endTime } = existing;
  return [parkingSlot, date, startTime, endTime].every((value) => typeof value === 'string')
    ? ({ parkingSlot, date, startTime, endTime } as ExistingReservation)
    : undefined;
};

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
  const existing = existingOf(details);
  return { code, nextFreeSlot: isRow(next) ? next : null, ...(existing === undefined ? {} : { existing }) };
}

/**
 * A waitlist join refused because a slot is free after all (422 SLOT_AVAILABLE): the slot the server names in
 * `details.nextFreeSlot`, offered as a lost race's next free slot is. Null for any other answer.
 */
export function slotAvailableOf(error: unknown): ReservationConflict | null {
  const details = faultDetailsOf(error, 'SLOT_AVAILABLE');
  if (details === null) {
    return null;
  }
  const next = details.nextFreeSlot;
  return { code: 'SLOT_AVAILABLE', nextFreeSlot: isRow(next) ? next : null };
}
