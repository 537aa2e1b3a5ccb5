import { type RawBuilder, sql } from 'kysely';

/**
 * A garage's fair draw (the contract's DrawSettings) as one JSON value of the garage row `alias`: what the
 * rules' `isInDraw` is applied to, wherever a statement reads a garage for them.
 */
export const garageDrawSql = (alias: string): RawBuilder<unknown> =>
  sql`json_build_object('drawEnabled', ${sql.ref(`${alias}.draw_enabled`)},
    'drawCutoffTime', to_char(${sql.ref(`${alias}.draw_cutoff_time`)}, 'HH24:MI:SS'),
    'drawCutoffWorkingDaysBefore', ${sql.ref(`${alias}.draw_cutoff_working_days_before`)})`;
