import type { Row } from '../../api/model.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Guests first, then by start time and slot: the doorman meets guests at the gate. The server already lists
 * them so; sorting here too keeps the page right whatever order a refresh brings.
 */
export function arrivalsOrder(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => {
    const guest = Number(b.isGuest === true) - Number(a.isGuest === true);
    if (guest !== 0) {
      return guest;
    }
    const start = text(a.startTime).localeCompare(text(b.startTime));
    return start !== 0 ? start : text(a.parkingSlotInformation).localeCompare(text(b.parkingSlotInformation));
  });
}
