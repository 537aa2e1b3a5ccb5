import { nextTask } from './nextTask.ts';

/**
 * Has the browser load what it formats dates and numbers with, soon, in small tasks of their own. The page's first
 * Intl.DateTimeFormat or Intl.NumberFormat loads it, in whatever task asks first: about 20 ms of processor here
 * (80 ms at Lighthouse's 4× slowdown), where a second formatter takes under one. The first to ask was MUI's
 * TablePagination, which makes a number formatter as it is evaluated, inside the evaluation of the screens' code
 * (src/app/screenCode.ts), which it made the launch's longest task (issue 31 §1). In one task of its own it was
 * still the longest; these steps, each loading a part in a task of its own, take 4, 9–17, 3–7 and 2–3 ms here.
 */
const steps = [
  () => new Intl.Locale('en-US').maximize(),
  () => new Intl.Collator(),
  () => new Intl.DateTimeFormat(undefined, { timeZone: 'UTC' }).format(0),
  () => new Intl.NumberFormat().format(0),
];

export async function loadLocaleData(): Promise<void> {
  for (const step of steps) {
    await nextTask();
    step();
  }
}
