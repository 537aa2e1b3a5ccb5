import type { LocalDate, LocalTime } from '@parkhere/contract';
import { type RefObject, useEffect } from 'react';
import { type ReservationDraft, type SlotChoice, withDate, withType } from './reservationDraft.ts';
import type { ReservationFormState } from './useReservationForm.ts';

/*
 * A day picked outside the form (the dashboard's week view, issue 32 item 1) fills the form: that date with its
 * default times, as NORMAL when the form's user may book NORMAL, and the form's title takes the focus (scrolled
 * into view), so keyboard and screen reader users land where the day went. A free slot chosen on the day's floor
 * plan brings the hours the plan showed and the slot as well.
 */

/** The day to fill in; `seq` tells a second tap on the same day from the first. */
export type PickedDay = {
  date: LocalDate;
  seq: number;
  /** Chosen on the floor plan: its hours and the slot, free for them. */
  plan?: { startTime: LocalTime; endTime: LocalTime; slot: SlotChoice };
};

/** The draft a pick makes of the current one. */
export function pickedDraft(
  current: ReservationDraft,
  picked: PickedDay,
  context: { now: Parameters<typeof withDate>[2]; isAdmin: boolean },
): ReservationDraft {
  const onDay = withDate(
    current.user?.isNormalReservation === false ? current : withType(current, 'NORMAL'),
    picked.date,
    context.now,
    context.isAdmin,
  );
  return picked.plan === undefined
    ? onDay
    : {
        ...onDay,
        startTime: picked.plan.startTime,
        endTime: picked.plan.endTime,
        parkingSlot: picked.plan.slot,
      };
}

export function usePickedDay(
  picked: PickedDay | null | undefined,
  form: ReservationFormState,
  title: RefObject<HTMLElement | null>,
): void {
  const seq = picked?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a pick is applied once, when it is made
  useEffect(() => {
    if (picked === null || picked === undefined) {
      return;
    }
    form.change('date', (current) => pickedDraft(current, picked, form.context));
    title.current?.scrollIntoView?.({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, [seq]);
}
