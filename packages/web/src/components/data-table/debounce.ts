/** SPEC §5: filter text inputs wait this long after the last keystroke. */
export const FILTER_DEBOUNCE_MS = 500;

export type Debouncer<T> = {
  /** Restarts the wait with the newest value. */
  schedule(value: T): void;
  /** Delivers a waiting value now (on blur, on Apply). */
  flush(): void;
  cancel(): void;
};

/** Delivers only the last of a burst of values, `delay` ms after it arrived. */
export function createDebouncer<T>(deliver: (value: T) => void, delay = FILTER_DEBOUNCE_MS): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  const fire = () => {
    timer = undefined;
    const waiting = pending;
    pending = undefined;
    if (waiting !== undefined) {
      deliver(waiting.value);
    }
  };
  return {
    schedule(value) {
      pending = { value };
      if (timer !== undefined) {
        clearTimeout(timer);
      }
      timer = setTimeout(fire, delay);
    },
    flush() {
      if (timer !== undefined) {
        clearTimeout(timer);
      }
      fire();
    },
    cancel() {
      if (timer !== undefined) {
        clearTimeout(timer);
      }
      timer = undefined;
      pending = undefined;
    },
  };
}
