import { describe, expect, it } from 'vitest';
import { type AssignedSlot, checkAssignedSlotOffered, isAssignedSlotOffered } from './assigned-slot.ts';

const owner: AssignedSlot = {
  ownerId: '7',
  ownerIsActive: true,
  releasedDates: ['2026-12-08'],
  holidays: [{ startDate: '2026-12-14', endDate: '2026-12-18' }],
};

describe('an assigned slot', () => {
  it('is its owner’s on the days they come, without a booking', () => {
    expect(isAssignedSlotOffered(owner, '8', '2026-12-07')).toBe(false);
    expect(isAssignedSlotOffered(owner, '7', '2026-12-07')).toBe(true);
  });

  it('is offered to others on a day given back and on each day of a holiday', () => {
    expect(isAssignedSlotOffered(owner, '8', '2026-12-08')).toBe(true);
    expect(isAssignedSlotOffered(owner, '8', '2026-12-14')).toBe(true);
    expect(isAssignedSlotOffered(owner, '8', '2026-12-18')).toBe(true);
    expect(isAssignedSlotOffered(owner, '8', '2026-12-19')).toBe(false);
  });

  it('is offered to everybody once its owner is deactivated, and when assigned to nobody', () => {
    expect(isAssignedSlotOffered({ ...owner, ownerIsActive: false }, '8', '2026-12-07')).toBe(true);
    expect(isAssignedSlotOffered(null, '8', '2026-12-07')).toBe(true);
  });

  it('refuses a booking with its own code, naming the days the owner keeps', () => {
    expect(checkAssignedSlotOffered(owner, '8', ['2026-12-07', '2026-12-08', '2026-12-09'])).toEqual([
      {
        kind: 'business',
        code: 'ASSIGNED_SLOT_NOT_RELEASED',
        message:
          'This slot is assigned to a colleague: it is free only on days they are on holiday or give it back',
        details: { dates: ['2026-12-07', '2026-12-09'] },
      },
    ]);
    expect(checkAssignedSlotOffered(owner, '8', ['2026-12-08', '2026-12-15'])).toEqual([]);
  });
});
