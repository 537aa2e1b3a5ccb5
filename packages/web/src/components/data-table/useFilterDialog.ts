import { useState } from 'react';
import { type FilterEntry, type FilterKinds, filterProblem } from './filterModel.ts';

const isComplete = (entry: FilterEntry, kinds: FilterKinds): boolean => {
  const kind = kinds[entry.attribute];
  return kind !== undefined && filterProblem(entry, kind) === null;
};

/**
 * The filter side dialog's rows while it is open. Complete filters apply at once (text inputs arrive
 * debounced); Apply checks them all and shows what is missing, Clear drops them all.
 */
export function useFilterDialog(
  filters: readonly FilterEntry[],
  kinds: FilterKinds,
  setFilters: (next: FilterEntry[]) => void,
) {
  const [open, setOpen] = useState(false);
  const [entries, setEntries] = useState<FilterEntry[]>([]);
  const [showProblems, setShowProblems] = useState(false);

  return {
    open,
    entries,
    showProblems,
    show() {
      setEntries([...filters]);
      setShowProblems(false);
      setOpen(true);
    },
    change(next: FilterEntry[]) {
      setEntries(next);
      const complete = next.filter((entry) => isComplete(entry, kinds));
      setFilters(complete);
    },
    apply() {
      const invalid = entries.some(
        (entry) => kinds[entry.attribute] !== undefined && !isComplete(entry, kinds),
      );
      if (invalid) {
        setShowProblems(true);
        return;
      }
      setFilters(entries);
      setOpen(false);
    },
    clear() {
      setEntries([]);
      setFilters([]);
    },
    close: () => setOpen(false),
  };
}
