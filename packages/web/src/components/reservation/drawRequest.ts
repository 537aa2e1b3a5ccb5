import { DEFAULT_TIME_ZONE, instantOf, isInDraw, type TransferBody } from '@parkhere/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operation } from '../../api/model.ts';
import { ofType } from '../../api/queryKeys.ts';
import type { FormContext, ReservationDraft } from './reservationDraft.ts';

/*
 * The fair draw in the reservation form ([Fair share 2]): a day in the chosen slot's garage's draw is requested,
 * not booked, by the contract's own cut-off rule, which the server applies too (a direct booking of such a day
 * is 422 DAY_IN_DRAW). GUEST reservations and administrators book directly.
 */

type DrawDraft = Pick<ReservationDraft, 'date' | 'reservationType' | 'parkingSlot'>;

/** Whether the form's Reserve makes a request of the draw instead of a reservation. */
export function isDrawDay(
  draft: DrawDraft,
  context: Pick<FormContext, 'isAdmin' | 'now' | 'calendar'>,
): boolean {
  const slot = draft.parkingSlot;
  if (
    context.isAdmin ||
    draft.reservationType === 'GUEST' ||
    draft.date === null ||
    slot?.drawEnabled !== true
  ) {
    return false;
  }
  const { drawCutoffTime, drawCutoffWorkingDaysBefore } = slot;
  if (typeof drawCutoffTime !== 'string' || typeof drawCutoffWorkingDaysBefore !== 'number') {
    return false;
  }
  const now = instantOf(context.now.date, context.now.time, DEFAULT_TIME_ZONE);
  const settings = { drawEnabled: true, drawCutoffTime, drawCutoffWorkingDaysBefore };
  return isInDraw(now, draft.date, settings, context.calendar, DEFAULT_TIME_ZONE);
}

/** UserReservationPanel.requestDraw; its refusals are the form's to show, as a create's are. */
export function useDrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferBody<'ReservationInput'>) =>
      operation('UserReservationPanel', 'requestDraw', body, undefined, { handleErrors: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ofType('UserReservationPanel') }),
  });
}
