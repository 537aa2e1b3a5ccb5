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

/** Every kind with a pending or dead job, in one statement (the `(kind, state)` index). */
export async function queueStats(db: Executor, now: Date): Promise<KindStats[]> {
  const result = await sql<KindStats>`SELECT kind,
      count(*) FILTER (WHERE state = 'pending' AND run_at <= ${now})::int AS due,
      COALESCE(extract(epoch FROM ${now}::timestamptz
        - min(run_at) FILTER (WHERE state = 'pending' AND run_at <= ${now})), 0)::float8 AS "oldestDueSeconds",
      count(*) FILTER (WHERE state = 'pending' AND last_error IS NOT NULL)::int AS retrying,
      count(*) FILTER (WHERE state = 'dead')::int AS dead
    FROM jobs WHERE state IN ('pending', 'dead') GROUP BY kind ORDER BY kind`.execute(db);
  return result.rows;
}
