import { sql } from 'kysely';
import { expect } from 'vitest';
import { type ReportPeriod, utilisationSql } from '../../src/modules/reports/utilisation-sql.ts';
import type { Executor } from '../../src/platform/db/executor.ts';
import { directFacts } from './direct-facts.ts';

/*
 * The rollup's report against the direct computation (direct-facts.ts), and the rollup's rebuilds in progress
 * (migration 0046), for the rollup's tests.
 */

export type ReportAnswer = {
  days: { date: string; reservations: number; reservedSlotHours: number; peakInUse: number }[];
  slots: { id: string; hoursUsed: number }[];
};

const answerOf = async (db: Executor, period: ReportPeriod, facts?: typeof directFacts) =>
  (await utilisationSql(period, facts).execute(db)).rows[0]?.answer;

/** Expects the report from the rollup equal to the direct one, for every garage and each; the all-garages answer. */
export async function expectParity(
  db: Executor,
  period: ReportPeriod,
  garages: readonly string[],
): Promise<ReportAnswer> {
  for (const garageId of [null, ...garages]) {
    const scoped = { ...period, garageId };
    expect(await answerOf(db, scoped), `garage ${garageId}`).toEqual(await answerOf(db, scoped, directFacts));
  }
  return (await answerOf(db, period)) as ReportAnswer;
}

/** The garages whose rollup is being rebuilt, in order, with how far (null: not cleared yet). */
export async function staleGarages(
  db: Executor,
): Promise<{ garageId: string; doneThrough: string | null }[]> {
  const found = await sql<{
    garageId: string;
    doneThrough: string | null;
  }>`SELECT garage_id::text AS "garageId",
      done_through::text AS "doneThrough"
    FROM reservation_rollup_rebuilds ORDER BY garage_id`.execute(db);
  return found.rows;
}
