import type { LocalDate } from '@parkhere/contract';
import { type RefObject, useEffect } from 'react';
import { withDate, withType } from './reservationDraft.ts';
import type { ReservationFormState } from './useReservationForm.ts';

/*
 * A day picked outside the form (the dashboard's week view, issue 32 item 1) fills the form: that date with its
 * default times, as NORMAL when the form's user may book NORMAL, and the form's title takes the focus (scrolled
 * into view), so keyboard and screen reader users land where the day went.
 */

/** The day to fill in; `seq` tells a second tap on the same day from the first. */
export type PickedDay = { date: LocalDate; seq: number };

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
    form.change('date', (current) =>
      withDate(
        current.user?.isNormalReservation === false ? current : withType(current, 'NORMAL'),
        picked.date,
        form.context.now,
        form.context.isAdmin,
      ),
    );
    title.current?.scrollIntoView?.({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, [seq]);
}
