import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/apiError.ts';
import { reservationConflictOf, slotAvailableOf } from './conflict.ts';

const slot = { __signedIdentifier: 'signed-slot', aggregaredName: 'North / -1 / 12' };

describe('a waitlist join that finds a free slot', () => {
  it('offers the slot named beside the code', () => {
    const error = new ApiError(422, { code: 'SLOT_AVAILABLE', details: { nextFreeSlot: slot } });
    expect(slotAvailableOf(error)).toEqual({ code: 'SLOT_AVAILABLE', nextFreeSlot: slot });
  });

  it('offers the slot named in the business fault', () => {
    const error = new ApiError(422, {
      'ParkHere::BusinessError': { errorCode: 'SLOT_AVAILABLE', details: { nextFreeSlot: slot } },
      code: 'SLOT_AVAILABLE',
    });
    expect(slotAvailableOf(error)?.nextFreeSlot).toEqual(slot);
  });

  it('says a slot is free even when none is named', () => {
    expect(slotAvailableOf(new ApiError(422, { code: 'SLOT_AVAILABLE' }))).toEqual({
      code: 'SLOT_AVAILABLE',
      nextFreeSlot: null,
    });
  });

  it('is nothing of the kind for other refusals', () => {
    expect(slotAvailableOf(new ApiError(422, { code: 'WAITLIST_NOT_FOR_SERIES' }))).toBeNull();
    expect(slotAvailableOf(new ApiError(409, { code: 'SLOT_AVAILABLE' }))).toBeNull();
    expect(slotAvailableOf(new Error('offline'))).toBeNull();
  });

  it('reads an overlapping waitlist entry as a conflict without a slot to offer', () => {
    expect(reservationConflictOf(new ApiError(409, { code: 'ALREADY_ON_WAITLIST' }))).toEqual({
      code: 'ALREADY_ON_WAITLIST',
      nextFreeSlot: null,
    });
  });
});

describe('a reservation over the user’s own', () => {
  it('names the existing reservation the server reports', () => {
    const existing = { parkingSlot: 'A-201', date: '2026-11-26', startTime: '09:00:00', endTime: '17:00:00' };
    const error = new ApiError(409, {
      code: 'OVERLAPPING_RESERVATION',
      details: { existingReservation: existing },
    });
    expect(reservationConflictOf(error)).toEqual({
      code: 'OVERLAPPING_RESERVATION',
      nextFreeSlot: null,
      existing,
    });
  });

  it('is a plain overlap when the server names none', () => {
    expect(reservationConflictOf(new ApiError(409, { code: 'OVERLAPPING_RESERVATION' }))).toEqual({
      code: 'OVERLAPPING_RESERVATION',
      nextFreeSlot: null,
    });
  });
});
