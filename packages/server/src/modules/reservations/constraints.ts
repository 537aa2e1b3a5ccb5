import type { Constraints } from '../../platform/errors.ts';

/** A slot holds one active reservation at a time, and an owner one at a time: each refusal says which. */
export const reservationConstraints = {
  reservations_slot_no_overlap: { conflict: 'SLOT_ALREADY_RESERVED' },
  reservations_owner_no_overlap: { conflict: 'OVERLAPPING_RESERVATION' },
} satisfies Constraints;
