import { workingCalendar } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { draftForUser, type FormUser } from './reservationDraft.ts';
import { pickedDraft } from './usePickedDay.ts';

const user: FormUser = {
  __signedIdentifier: 'signed-user',
  __entityType: 'UserForInput',
  isNormalReservation: true,
  isQuickReservation: true,
  isGuestReservation: false,
  isLongReservation: false,
  startOfWorkingTime: '09:00:00',
  endOfWorkingTime: '17:00:00',
};
// Tuesday 2026-11-24, 08:41 in Budapest.
const now = { date: '2026-11-24', time: '08:41:30' };
const context = { isAdmin: false, now, calendar: workingCalendar() };
const slot = { __signedIdentifier: 'signed-slot', __entityType: 'ParkHere::ParkingSlot', name: 'A-112' };

describe('a day picked outside the form', () => {
  it("fills the form with the week view's day as NORMAL, with the day's default times", () => {
    const quick = { ...draftForUser(user, context), reservationType: 'QUICK' as const };
    const draft = pickedDraft(quick, { date: '2026-11-26', seq: 1 }, context);
    expect(draft).toMatchObject({
      reservationType: 'NORMAL',
      date: '2026-11-26',
      startTime: '09:00:00',
      endTime: '17:00:00',
      parkingSlot: null,
    });
  });

  it('takes the hours and the slot chosen on the floor plan', () => {
    const draft = pickedDraft(
      draftForUser(user, context),
      { date: '2026-11-26', seq: 2, plan: { startTime: '06:00:00', endTime: '06:30:00', slot } },
      context,
    );
    expect(draft).toMatchObject({
      reservationType: 'NORMAL',
      date: '2026-11-26',
      startTime: '06:00:00',
      endTime: '06:30:00',
      parkingSlot: slot,
    });
  });
});
