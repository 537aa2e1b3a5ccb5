/**
 * `read`, shared for `ms` after each reading starts: callers in that time (also those while it runs) get the
 * same promise, then the next caller reads again. A failed reading is not kept, so the next caller retries.
 * `ms` 0 reads every time.
 */
export function sharedFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let latest: { promise: Promise<T>; startedAt: number } | undefined;
  return () => {
    const now = performance.now();
    if (latest !== undefined && now - latest.startedAt < ms) {
      return latest.promise;
    }
    const promise = read();
    const reading = { promise, startedAt: now };
    latest = reading;
    promise.catch(() => {
      if (latest === reading) {
        latest = undefined;
      }
    });
    return promise;
  };
}
