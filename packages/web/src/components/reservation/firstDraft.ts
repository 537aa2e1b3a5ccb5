import { defaultCar, preferredSlotIfOffered, type WallClock } from '@parkhere/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  freeSlotsQuery,
  reservationCarsQuery,
  reservationFormSetupQuery,
} from '../../api/reservationQueries.ts';
import {
  type CarChoice,
  calendarOfTemplate,
  type FormContext,
  type FormUser,
  initialDraft,
  isSlotRangeAskable,
  type ReservationDraft,
  reservationInputBody,
  type SlotChoice,
  slotKeyOf,
} from './reservationDraft.ts';

/*
 * The reservation form's first draft, read before the form renders (the dashboard loads it beside its other
 * reads), so the form starts complete.
 */

type FirstDraftOptions = { isAdmin: boolean; principalEmail: string; now: WallClock };

/** The signed-in user (or the first one) with their defaults and the server's first date. */
export async function loadDraftDefaults(
  queryClient: QueryClient,
  { isAdmin, principalEmail, now }: FirstDraftOptions,
): Promise<{ draft: ReservationDraft; context: FormContext }> {
  const answer = await queryClient.fetchQuery(reservationFormSetupQuery<FormUser>()).catch(() => null);
  const template = answer?.template ?? null;
  const context: FormContext = { isAdmin, now, calendar: calendarOfTemplate(template) };
  return { draft: initialDraft(answer?.users ?? [], template, principalEmail, context), context };
}

/**
 * The form's first draft complete: the defaults with the user's favourite car and their preferred slot if it
 * is free. Its answers stay in the query cache, so a form that starts from it shows everything in its first
 * render instead of filling in over several.
 */
export async function loadFirstDraft(
  queryClient: QueryClient,
  options: FirstDraftOptions,
): Promise<ReservationDraft> {
  const { draft, context } = await loadDraftDefaults(queryClient, options);
  const user = draft.user?.__signedIdentifier;
  if (user === undefined) {
    return draft;
  }
  // A failed read leaves its field empty; the form's own query shows the failure.
  const [cars, slots] = await Promise.all([
    queryClient
      .fetchQuery(reservationCarsQuery<CarChoice>(user, reservationInputBody(draft, context)))
      .catch(() => null),
    isSlotRangeAskable(draft, context.now.date)
      ? queryClient
          .fetchQuery(
            freeSlotsQuery<SlotChoice>(slotKeyOf(draft), reservationInputBody(draft, context), true),
          )
          .catch(() => null)
      : null,
  ]);
  return {
    ...draft,
    car: cars === null ? draft.car : defaultCar(cars),
    parkingSlot:
      slots === null ? draft.parkingSlot : preferredSlotIfOffered(draft.user?.preferredParkingSlot, slots),
  };
}
