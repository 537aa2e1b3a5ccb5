import { workingCalendar } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import {
  draftForUser,
  type FormUser,
  reservationInputBody,
  withDate,
  withEndDate,
  withStartTime,
  withType,
} from './reservationDraft.ts';

const user: FormUser = {
  __signedIdentifier: 'signed-user',
  __entityType: 'UserForInput',
  isNormalReservation: true,
  isQuickReservation: false,
  isGuestReservation: true,
  isLongReservation: false,
  startOfWorkingTime: '09:00:00',
  endOfWorkingTime: '17:00:00',
};
// Tuesday 2026-11-24, 08:41 in Budapest.
const now = { date: '2026-11-24', time: '08:41:30' };
const context = { isAdmin: false, now, calendar: workingCalendar() };

describe('reservation form transitions', () => {
  it('starts a user on their first allowed type, today, with the default times', () => {
    const draft = draftForUser(user, context);
    expect(draft.reservationType).toBe('NORMAL');
    expect(draft.date).toBe('2026-11-24');
    expect(draft.startTime).toBe('08:44:00');
    expect(draft.endTime).toBe('17:00:00');
  });

  it('takes working hours on another day', () => {
    const draft = withDate(draftForUser(user, context), '2026-11-25', now);
    expect([draft.startTime, draft.endTime]).toEqual(['09:00:00', '17:00:00']);
  });

  it('moves a LONG end date before the date to the date', () => {
    const long = withType(withDate(draftForUser(user, context), '2026-11-26', now), 'LONG');
    expect(long.endDate).toBe('2026-11-26');
    expect(withEndDate(long, '2026-11-25').endDate).toBe('2026-11-26');
    expect(withEndDate(long, '2026-11-30').endDate).toBe('2026-11-30');
  });

  it('moves the end when the start passes it', () => {
    const draft = withStartTime(draftForUser(user, context), '18:10:00');
    expect(draft.endTime).toBe('21:00:00');
  });

  it('sends relations as references and drops the fields the type hides', () => {
    const draft = {
      ...draftForUser(user, context),
      guestName: 'Guest',
      car: { __signedIdentifier: 'signed-car', licensePlate: 'AAA-111' },
    };
    const body = reservationInputBody(draft, context);
    expect(body.user).toEqual({ __signedIdentifier: 'signed-user', __entityType: 'UserForInput' });
    expect(body.car).toEqual({ __signedIdentifier: 'signed-car' });
    expect(body.guestName).toBeNull();
    expect(body.endDate).toBeNull();
    expect(body.isNotAdmin).toBe(true);
    const guest = reservationInputBody(
      { ...withType(draft, 'GUEST'), guestLicensePlate: ' abc-123 ' },
      context,
    );
    expect(guest.car).toBeNull();
    expect(guest.guestName).toBe('Guest');
    expect(guest.guestLicensePlate).toBe('abc-123');
  });
});
