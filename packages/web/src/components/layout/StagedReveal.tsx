import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';

/** How many parts of the StagedReveal above are shown; without one, all. */
const ShownStages = createContext(Number.POSITIVE_INFINITY);

/**
 * Mounts a large screen in `stages` parts, top to bottom: the first at once, then one more per task, each after
 * the one before is committed. A slow phone then inserts styles, lays out and runs MUI's layout effects one part
 * at a time instead of in one task that blocks input (TBT, issue 15). Each further part renders in a transition,
 * so a key press on the parts already shown is answered first.
 *
 * Only the `Stage` and `BeforeStage` elements below re-render as parts arrive; the components that hold them do
 * not, so fields already shown are not rendered again (MUI X's date fields force a layout each time they are).
 */
export function StagedReveal({ stages, children }: { stages: number; children: ReactNode }) {
  const [shown, setShown] = useState(1);
  // Each part's commit named in a performance trace (bench/main-thread.mjs), to tell which part a long task is.
  useLayoutEffect(() => {
    performance.mark(`stage ${shown} of ${stages}`);
  }, [shown, stages]);
  useEffect(() => {
    if (shown >= stages) {
      return;
    }
    // A macrotask, not the passive-effect flush: the browser may paint and take input between parts.
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, stages]);
  return <ShownStages value={shown}>{children}</ShownStages>;
}

/**
 * Part `at` (from 1) of the StagedReveal above: shown with it, or at once without one. The Stages inside it count
 * from it: their part 1 comes with it, their part 2 one task later, so a component paces its own parts wherever
 * it is placed.
 */
export function Stage({ at, children }: { at: number; children: ReactNode }) {
  const shown = useContext(ShownStages);
  return shown >= at ? <ShownStages value={shown - at + 1}>{children}</ShownStages> : null;
}

/** Shown until part `at` of the StagedReveal above is: what holds the place of the parts still to come. */
export function BeforeStage({ at, children }: { at: number; children: ReactNode }) {
  return useContext(ShownStages) < at ? children : null;
}
