import { type ReservationType, type TransferBody, WEEKDAY_CODES, type WeekdayCode } from '@parkhere/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operation } from '../../api/model.ts';
import { reservationKeys } from '../../api/reservationQueries.ts';
import type { ReservationDraft } from './reservationDraft.ts';

/*
 * The form's "Repeat weekly" (issue 32 item 2): the weekdays and the last date, sent to repeatReservation, which
 * books each matching working day on its own and answers the days booked, requested of a draw and skipped.
 */

/** Only NORMAL repeats, and GUEST for administrators (the server refuses anything else). */
export const isRepeatOffered = (type: ReservationType | null, isAdmin: boolean): boolean =>
  type === 'NORMAL' || (type === 'GUEST' && isAdmin);

/** The draft's weekdays as their codes, in the week's order. */
export const weekdaysOf = (text: string): WeekdayCode[] =>
  WEEKDAY_CODES.filter((code) => text.split(',').includes(code));

/** The weekdays with `code` turned on or off, as the wire writes them (`TU,TH`). */
export const toggledWeekdays = (text: string, code: WeekdayCode, on: boolean): string =>
  WEEKDAY_CODES.filter((each) => (each === code ? on : weekdaysOf(text).includes(each))).join(',');

/** The pattern fields Reserve sends, or null when it books a single reservation. */
export function repeatFieldsOf(
  draft: Pick<ReservationDraft, 'reservationType' | 'repeatWeekdays' | 'repeatUntil'>,
  isAdmin: boolean,
): { repeatWeekdays: string; repeatUntil: string | null } | null {
  if (!isRepeatOffered(draft.reservationType, isAdmin) || draft.repeatWeekdays === '') {
    return null;
  }
  return { repeatWeekdays: draft.repeatWeekdays, repeatUntil: draft.repeatUntil };
}

export type SkippedDay = { date?: string | null; code?: string | null };
/** What repeatReservation answers, as the form shows it. */
export type PatternAnswer = {
  reservations?: { date?: string | null }[] | null;
  drawRequests?: { date?: string | null }[] | null;
  skippedDays?: SkippedDay[] | null;
};

/** The dates booked, requested and skipped (with the skip's code), each in date order. */
export function patternSummary(answer: PatternAnswer) {
  const dates = (rows: { date?: string | null }[] | null | undefined) =>
    (rows ?? []).flatMap((row) => (typeof row.date === 'string' ? [row.date] : []));
  return {
    booked: dates(answer.reservations),
    requested: dates(answer.drawRequests),
    skipped: (answer.skippedDays ?? []).flatMap((day) =>
      typeof day.date === 'string' ? [{ date: day.date, code: day.code ?? '' }] : [],
    ),
  };
}

/** UserReservationPanel.repeatReservation (administrators book through it as through `reservation`). */
export function useRepeatReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferBody<'ReservationInput'>): Promise<PatternAnswer> =>
      operation('UserReservationPanel', 'repeatReservation', body, undefined, { handleErrors: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reservationKeys.panel }),
  });
}
