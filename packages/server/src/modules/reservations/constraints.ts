import type { Constraints } from '../../platform/errors.ts';

/** A slot holds one active reservation at a time, and an owner one at a time: each refusal says which. */
export const reservationConstraints = {
  reservations_slot_no_overlap: { conflict: 'SLOT_ALREADY_RESERVED' },
  reservations_owner_no_overlap: { conflict: 'OVERLAPPING_RESERVATION' },
  // Migration 0050's trigger: the assigned slot's day is its owner's (taken back while this booking ran).
  reservations_assigned_slot: { conflict: 'ASSIGNED_SLOT_TAKEN_BACK' },
} satisfies Constraints;
