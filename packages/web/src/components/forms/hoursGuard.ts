import type { FieldRef, PickerValidDate } from '@mui/x-date-pickers/models';
import { type KeyboardEvent, useRef } from 'react';

/*
 * `24:00` typed into a time field is refused (issue 31). The pickers' own typing reads a 2 and then a 4 in the
 * hours as "04" and moves on to the minutes, so 24:00 became 04:00 without a word. Here a digit that would make
 * the hours past 23 is not typed: the field is emptied and its owner is told, to drop the time and say why.
 */

type TimeFieldRef = FieldRef<PickerValidDate | null>;

/** A picker's hours section (24-hour): the spinbutton whose values end at 23. */
const isHoursSection = (target: EventTarget): target is HTMLElement =>
  target instanceof HTMLElement &&
  target.getAttribute('role') === 'spinbutton' &&
  target.getAttribute('aria-valuemax') === '23';

/** For each time picker `field`: its `fieldRef` and the key handler of its text field, as slot props. */
export function useHoursGuard<F extends string>(onRefused: (field: F) => void) {
  const fields = useRef(new Map<F, TimeFieldRef | null>());
  // The digit typed into one hours section so far, while it waits for its second digit.
  const typed = useRef<{ section: EventTarget; digits: string } | null>(null);
  const onKeyDownCapture = (field: F) => (event: KeyboardEvent<HTMLElement>) => {
    const section = event.target;
    if (!isHoursSection(section) || !/^\d$/.test(event.key)) {
      typed.current = null;
      return;
    }
    const digits = `${typed.current?.section === section ? typed.current.digits : ''}${event.key}`;
    if (Number(digits) > 23) {
      event.preventDefault();
      event.stopPropagation();
      typed.current = null;
      fields.current.get(field)?.clearValue();
      onRefused(field);
      return;
    }
    // A first digit the hours can take a second one after (0, 1, 2) waits for it.
    typed.current = digits.length === 1 && Number(digits) * 10 <= 23 ? { section, digits } : null;
  };
  return (field: F) => ({
    field: {
      fieldRef: (ref: TimeFieldRef | null) => {
        fields.current.set(field, ref);
      },
    },
    onKeyDownCapture: onKeyDownCapture(field),
  });
}
