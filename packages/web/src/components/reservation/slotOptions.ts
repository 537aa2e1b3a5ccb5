import type { SlotChoice } from './reservationDraft.ts';

/*
 * How the parking-slot picker orders and groups the free slots: by garage, then floor (top floor first, as a
 * building is read), then the slot's name in natural order (A-2 before A-10).
 */

const text = (value: string | null | undefined): string => value ?? '';
const NATURAL = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The garage and floor a slot is grouped under; slots of one group follow each other in `sortedSlots`. */
export const slotGroupKey = (slot: SlotChoice): string => `${text(slot.garageName)}\u0000${slot.floor ?? ''}`;

export const sortedSlots = (slots: readonly SlotChoice[]): SlotChoice[] =>
  [...slots].sort(
    (left, right) =>
      NATURAL.compare(text(left.garageName), text(right.garageName)) ||
      (right.floor ?? 0) - (left.floor ?? 0) ||
      NATURAL.compare(text(left.name ?? left.aggregaredName), text(right.name ?? right.aggregaredName)),
  );

/** The slot's floor plan token, or null when it has none. */
export const floorPlanOf = (slot: SlotChoice | null): string | null =>
  typeof slot?.floorPlan === 'string' && slot.floorPlan !== '' ? slot.floorPlan : null;
