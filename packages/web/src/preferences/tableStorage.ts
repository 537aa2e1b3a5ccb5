/*
 * Where tables keep their state in local storage (SPEC §9), apart from the state’s model (components/data-table) so
 * that sign-out can forget it without loading the tables.
 */

export const tableStateKey = (tableId: string): string => `ParkHere-table-${tableId}`;

/** Forgets every table's remembered state: its filters are what one user typed (sign-out, another user). */
export function forgetTableStates(storage: Storage): void {
  const prefix = tableStateKey('');
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
  for (const key of keys.filter((name) => name.startsWith(prefix))) {
    storage.removeItem(key);
  }
}
