import { setTimeout as sleep } from 'node:timers/promises';

/** PostgreSQL's deadlock_detected: the transaction it aborted to break a wait cycle changed nothing. */
const DEADLOCK_DETECTED = '40P01';

/** Runs of one transaction in all: a cycle met again after a pause is a design fault to see, not to hide. */
const RUNS = 3;

const isDeadlock = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DEADLOCK_DETECTED;

/**
 * Runs the transaction `run` starts again when PostgreSQL aborted it to break a deadlock, after a short random
 * pause so that the two do not meet again in step. A wait cycle is rare but legitimate: a reservation write
 * that touches two garages in two statements while an administrator's change marks both stale for the report
 * rollup (migration 0046) takes their locks in different orders. Its victim is run again, not answered 500.
 * `run` must start the whole transaction, so the second run reads everything afresh.
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= RUNS || !isDeadlock(error)) {
        throw error;
      }
      await sleep(10 + Math.random() * 40 * attempt);
    }
  }
}
