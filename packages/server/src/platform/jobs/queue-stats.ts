import { sql } from 'kysely';
import type { Executor } from '../db/executor.ts';

/**
 * What the queue holds of one kind, as operators watch it: `due` jobs waiting to run (pending and due by
 * `now`), how long the oldest of them has waited, the `retrying` ones (pending after a failure) and the `dead`.
 */
export type KindStats = {
  kind: string;
  due: number;
  oldestDueSeconds: number;
  retrying: number;
  dead: number;
};

/**
 * Since when a pending job has waited: its `run_at`, but for a job the database queues due "at once" (run_at the
 * epoch, 0009 and 0046: due by any app clock) the moment it was made; else one waiting a second would count as
 * waiting since 1970 and make /api/health degraded.
 */
const WAITING_SINCE = sql`CASE WHEN run_at = timestamptz '1970-01-01 00:00:00+00' THEN created_at ELSE run_at END`;

/** Every kind with a pending or dead job, in one statement (the `(kind, state)` index). */
export async function queueStats(db: Executor, now: Date): Promise<KindStats[]> {
  const result = await sql<KindStats>`SELECT kind,
      count(*) FILTER (WHERE state = 'pending' AND run_at <= ${now})::int AS due,
      GREATEST(COALESCE(extract(epoch FROM ${now}::timestamptz
        - min(${WAITING_SINCE}) FILTER (WHERE state = 'pending' AND run_at <= ${now})), 0), 0)::float8
        AS "oldestDueSeconds",
      count(*) FILTER (WHERE state = 'pending' AND last_error IS NOT NULL)::int AS retrying,
      count(*) FILTER (WHERE state = 'dead')::int AS dead
    FROM jobs WHERE state IN ('pending', 'dead') GROUP BY kind ORDER BY kind`.execute(db);
  return result.rows;
}
