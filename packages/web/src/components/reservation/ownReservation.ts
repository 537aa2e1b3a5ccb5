import {
  AVAILABILITY_MAX_DAYS,
  type AvailabilityDay,
  addDays,
  compareDates,
  compareTimes,
  type LocalDate,
} from '@parkhere/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilityFromCache, availabilityQuery } from '../../api/reservationQueries.ts';
import type { ExistingReservation } from './conflict.ts';
import type { ReservationDraft } from './reservationDraft.ts';

/*
 * Booking over one's own reservation (issue 31): the server refuses it with 409 OVERLAPPING_RESERVATION, since
 * one owner's non-guest reservations may not overlap (DESIGN §4). The form says so as soon as the date is
 * picked, from what /api/availability already tells of the user's days (`mine`), not only after Reserve.
 */

/** The days the draft books: its date, and a LONG series' days up to its end (one availability call at most). */
export function draftDays(draft: ReservationDraft): { from: LocalDate; to: LocalDate } | null {
  if (draft.date === null) {
    return null;
  }
  const end = draft.reservationType === 'LONG' ? draft.endDate : null;
  if (end === null || compareDates(end, draft.date) <= 0) {
    return { from: draft.date, to: draft.date };
  }
  const last = addDays(draft.date, AVAILABILITY_MAX_DAYS - 1);
  return { from: draft.date, to: compareDates(end, last) > 0 ? last : end };
}

/**
 * The first of the user's own reservations (not a guest's) the draft would overlap on its days; with no times
 * yet, any of that day. Null when there is none.
 */
export function ownOverlapOf(
  days: readonly AvailabilityDay[],
  draft: Pick<ReservationDraft, 'startTime' | 'endTime'>,
): ExistingReservation | null {
  const { startTime, endTime } = draft;
  for (const day of days) {
    const mine = day.mine.reservations.find(
      (reservation) =>
        reservation.guestName === null &&
        (startTime === null || compareTimes(startTime, reservation.endTime) < 0) &&
        (endTime === null || compareTimes(reservation.startTime, endTime) < 0),
    );
    if (mine !== undefined) {
      return {
        parkingSlot: mine.slotName,
        date: day.date,
        startTime: mine.startTime,
        endTime: mine.endTime,
      };
    }
  }
  return null;
}

/**
 * The user's own reservation the draft would overlap, for the signed-in user's own drafts (a GUEST reservation
 * may overlap its owner's); an administrator booking for someone else is told by the server.
 */
export function useOwnOverlap(draft: ReservationDraft, forSelf: boolean): ExistingReservation | null {
  const days = draftDays(draft);
  const enabled = forSelf && days !== null && draft.reservationType !== 'GUEST';
  const queryClient = useQueryClient();
  const from = days?.from ?? '';
  const to = days?.to ?? '';
  const answer = useQuery({
    ...availabilityQuery(from, to, { enabled, quiet: true }),
    // The week view's answer holds the draft's days as a rule: read from it, as fresh as it is.
    initialData: () => availabilityFromCache(queryClient, from, to)?.data,
    initialDataUpdatedAt: () => availabilityFromCache(queryClient, from, to)?.updatedAt,
  });
  // Only an answer of the days asked for counts (a placeholder of other days would name the wrong ones).
  const answered = answer.data?.days;
  if (!enabled || !Array.isArray(answered)) {
    return null;
  }
  return ownOverlapOf(answered, draft);
}
