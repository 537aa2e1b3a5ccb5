import { business, type Violation } from '../../platform/violation.ts';
import { type CheckInSettings, type CheckInSubject, checkInWindow } from '../reservations/index.ts';

/** Why a check-in now is refused; empty when it is accepted (a repeated one is accepted and changes nothing). */
export const checkCheckIn = (
  reservation: CheckInSubject,
  settings: CheckInSettings,
  now: Date,
): Violation[] => {
  if (!settings.required) {
    return [business('CHECK_IN_NOT_REQUIRED', 'This reservation needs no check-in')];
  }
  if (reservation.checkedInAt !== null) {
    return [];
  }
  const { opensAt, closesAt } = checkInWindow(reservation, settings);
  if (reservation.status !== 'ACTIVE' || now.getTime() >= closesAt.getTime()) {
    return [business('CHECK_IN_CLOSED', 'The check-in window of this reservation has closed')];
  }
  if (now.getTime() < opensAt.getTime()) {
    return [business('CHECK_IN_NOT_OPEN_YET', 'The check-in window of this reservation has not opened yet')];
  }
  return [];
};
