import { randomInt } from 'node:crypto';
import type { LocalDate } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { instant } from '../../engine/access.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DrawInputs, DrawOutcome } from './rules/run-draw.ts';

/*
 * The SQL of the draws table (migration 0020): a garage's day is seeded once, drawn once, and kept as it was
 * drawn, for the administrators' view and the replay.
 */

/** A garage and day's seed, made by whoever asks first and kept: a draw run again runs with the same seed. */
export async function seedDraw(db: Executor, garageId: string, date: LocalDate): Promise<void> {
  await sql`INSERT INTO draws (parking_garage_id, date, seed)
    VALUES (${garageId}::bigint, ${date}::date, ${randomInt(-(2 ** 31), 2 ** 31)})
    ON CONFLICT ON CONSTRAINT draws_garage_date_key DO NOTHING`.execute(db);
}

/** The garage and day's draw, locked until the transaction ends: its id, seed, and whether it has run. */
export async function lockDraw(
  db: Kysely<DB>,
  garageId: string,
  date: LocalDate,
): Promise<{ id: string; seed: number; ran: boolean } | undefined> {
  const found = await sql<{ id: string; seed: number; ran: boolean }>`SELECT id::text AS id, seed,
      ran_at IS NOT NULL AS ran
    FROM draws WHERE parking_garage_id = ${garageId}::bigint AND date = ${date}::date
    FOR UPDATE`.execute(db);
  return found.rows[0];
}

/** What became of each winner when its reservation was made: its reservation, or refused by a rule. */
export type Served = { requestId: string; reservationId: string | null };

/**
 * The record of a draw that ran: what it froze, what it decided, what was served, which losers were put on
 * the waitlist (`waiting`, their request ids), and when.
 */
export async function recordDraw(
  db: Kysely<DB>,
  drawId: string,
  record: {
    inputs: DrawInputs;
    outcome: DrawOutcome;
    served: readonly Served[];
    waiting: readonly string[];
    now: Date;
  },
): Promise<void> {
  const winnerCount = record.served.filter((served) => served.reservationId !== null).length;
  const outcome = { ...record.outcome, served: record.served, waiting: record.waiting };
  await sql`UPDATE draws SET inputs = ${JSON.stringify(record.inputs)}::jsonb,
      outcome = ${JSON.stringify(outcome)}::jsonb,
      request_count = ${record.inputs.requests.length}, winner_count = ${winnerCount},
      ran_at = ${instant(record.now)}
    WHERE id = ${drawId}::bigint`.execute(db);
}

/** A draw's outcome as recorded: what runDraw decided, and what became of each winner's reservation. */
export type RecordedOutcome = DrawOutcome & { served: Served[] };

/** A stored draw as the replay reads it. */
export async function storedDraw(
  db: Executor,
  drawId: string,
): Promise<{ seed: number; inputs: DrawInputs; outcome: RecordedOutcome } | undefined> {
  const found = await sql<{ seed: number; inputs: DrawInputs; outcome: RecordedOutcome }>`SELECT seed, inputs,
      outcome
    FROM draws WHERE id = ${drawId}::bigint AND ran_at IS NOT NULL`.execute(db);
  return found.rows[0];
}
