import { sql } from 'kysely';
import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobContext, JobHandlers } from '../../platform/jobs/job-types.ts';
import { jobQueue } from '../../platform/jobs/queue.ts';

/*
 * The rebuild of a garage's report rollup (issue 28; migration 0046): a change of a day window marks the
 * garages concerned stale and queues this job for each, in the changing transaction, which so commits at once.
 * The job clears the garage's rollup and adds its reservations back in batches, each step a transaction of its
 * own (reservation_rollup_rebuild_step), so the garage's writers wait for one batch at most and a crash loses
 * one step at most: the garage's progress is stored with each step, and the job (retried, or taken over once
 * its lease ran out) goes on from there. Reports meanwhile compute the stale garage directly (report-sql.ts).
 */

export type ReservationJobs = {
  /** Rebuild the report rollup of the garage `garageId` (queued by migration 0046's triggers). */
  'reservations.rollup-rebuild': { garageId: string };
};

const reservationJobs = jobQueue<ReservationJobs>();

export type RebuildOptions = {
  /** Reservations a step adds: what sets how long the garage's writers may wait for one step. */
  batch: number;
  /**
   * How long one run of the job goes on before it queues its continuation and ends, so that the other jobs of
   * its worker (mails, releases) do not wait behind a long rebuild.
   */
  runMs: number;
};

export const DEFAULT_REBUILD_OPTIONS: RebuildOptions = { batch: 500, runMs: 5_000 };

/** One step of the rebuild of `garageId`'s rollup in `db`'s transaction; true when the garage is whole again. */
export async function rebuildRollupStep(db: Executor, garageId: string, batch: number): Promise<boolean> {
  const found = await sql<{ whole: boolean }>`SELECT reservation_rollup_rebuild_step(${garageId}::bigint,
    ${batch}::integer) AS whole`.execute(db);
  return found.rows[0]?.whole === true;
}

const rebuildHandler =
  (options: RebuildOptions) =>
  async (
    { garageId }: ReservationJobs['reservations.rollup-rebuild'],
    context: JobContext,
  ): Promise<void> => {
    const until = Date.now() + options.runMs;
    let steps = 0;
    for (;;) {
      steps += 1;
      const outcome = await stampedTransaction(context.db, context.stamp, async (transaction) => {
        const whole = await rebuildRollupStep(transaction, garageId, options.batch);
        if (!whole && Date.now() < until) {
          return 'more';
        }
        // The job ends with the step that ended it: the garage whole, or its continuation queued.
        if ((await context.complete(transaction)) && !whole) {
          await reservationJobs.enqueue(transaction, {
            kind: 'reservations.rollup-rebuild',
            payload: { garageId },
            runAt: new Date(0),
          });
        }
        return whole ? 'whole' : 'continued';
      });
      if (outcome !== 'more') {
        context.log.info(
          { garageId, steps },
          outcome === 'whole' ? 'report rollup rebuilt' : 'report rollup rebuild goes on in the next run',
        );
        return;
      }
    }
  };

/** The reservations' job kinds' handlers: the rollup's rebuild. */
export const reservationJobHandlers = (
  options: RebuildOptions = DEFAULT_REBUILD_OPTIONS,
): JobHandlers<ReservationJobs> => ({
  'reservations.rollup-rebuild': rebuildHandler(options),
});
