import type { Row } from '../../api/model.ts';
import { type CheckInAttributes, checkInStateOf } from '../../components/reservation/checkInState.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * How soon the doorman has to act on a row: 0 while its check-in window is open (it closes, and the slot is
 * released, unless someone marks the driver arrived), 1 still expected (a window not open yet, no check-in
 * asked, an assigned slot's owner), 2 done (checked in, or released as a no-show).
 */
export function urgencyOf(row: Row): 0 | 1 | 2 {
  if (row.isAssignedSlotOwner === true) {
    return 1;
  }
  const state = checkInStateOf(row as CheckInAttributes);
  if (state.kind === 'pending' && state.open) {
    return 0;
  }
  return state.kind === 'checkedIn' || state.kind === 'noShow' ? 2 : 1;
}

/**
 * By urgency, then time (issue 31 §3): the windows closing first, by when they close; then everyone still
 * expected by start time; those already handled last. Equal times put guests first (the doorman meets them at
 * the gate), then the slot. The server lists guests first; sorting here keeps the page right whatever order a
 * refresh brings.
 */
export function arrivalsOrder(rows: readonly Row[]): Row[] {
  return rows
    .map((row) => ({ row, urgency: urgencyOf(row) }))
    .sort(
      (a, b) =>
        a.urgency - b.urgency ||
        (a.urgency === 0 ? text(a.row.checkInClosesAt).localeCompare(text(b.row.checkInClosesAt)) : 0) ||
        text(a.row.startTime).localeCompare(text(b.row.startTime)) ||
        Number(b.row.isGuest === true) - Number(a.row.isGuest === true) ||
        text(a.row.parkingSlotInformation).localeCompare(text(b.row.parkingSlotInformation)),
    )
    .map(({ row }) => row);
}

/** A plate as the doorman may type it: `abc 123`, `ABC-123` and `abc123` are one plate. */
const plateKey = (value: string): string => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
/** A name without case or accents: `bela` finds Béla. */
const nameKey = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Whether what the doorman typed looks like a plate: it has a digit (names have none). */
export const looksLikePlate = (typed: string): boolean => /\d/.test(typed);

/** The rows whose plate or name holds what the doorman typed; every row when nothing is typed. */
export function arrivalsMatching(rows: readonly Row[], typed: string): Row[] {
  const name = nameKey(typed);
  if (name === '') {
    return [...rows];
  }
  const plate = plateKey(typed);
  return rows.filter(
    (row) =>
      (plate !== '' && plateKey(text(row.reserverCarId)).includes(plate)) ||
      nameKey(text(row.reserverName)).includes(name),
  );
}
