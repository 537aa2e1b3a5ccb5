import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, isWorkingDay, type LocalDate } from '@parkhere/contract';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../packages/server/src/platform/db/database.ts';
import { migrate } from '../packages/server/src/platform/db/migrate.ts';
import type { DB } from '../packages/server/src/platform/db/schema.ts';
import { startTempPostgres } from '../scripts/pg-temp.mjs';

/* What the PostgreSQL benchmarks (bench:no-show, bench:draw) share: the database, their day, their rounds, their figures. */

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** How many rounds a benchmark repeats on a fresh seed (`BENCH_ROUNDS`, default 3). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Runs `round` ROUNDS times (each seeds afresh), logging what each did; their results, in order. */
export async function runRounds<Result>(
  round: () => Promise<Result>,
  describe: (result: Result) => string,
): Promise<Result[]> {
  const rounds: Result[] = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    const result = await round();
    log(`round ${index + 1}: ${describe(result)}`);
    rounds.push(result);
  }
  return rounds;
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The first working day at least `days` after the real date, the benchmarks' day. */
export function workingDayAhead(days: number): LocalDate {
  let day = addDays(new Date().toISOString().slice(0, 10) as LocalDate, days);
  while (!isWorkingDay(day)) {
    day = addDays(day, 1);
  }
  return day;
}

/** The one number a `SELECT count(*)::int AS n …` answers in `db`: count(db)`SELECT count(*)::int AS n FROM …`. */
export const count =
  (db: Kysely<DB>) =>
  async (text: TemplateStringsArray, ...values: unknown[]): Promise<number> =>
    (await sql<{ n: number }>(text, ...values).execute(db)).rows[0]?.n ?? 0;

/** Runs `bench` on a migrated PostgreSQL database (a throwaway cluster unless DATABASE_URL is given). */
export async function onPostgres(name: string, bench: (db: Kysely<DB>) => Promise<void>): Promise<void> {
  const temp = process.env.DATABASE_URL === undefined ? await startTempPostgres() : null;
  const databaseUrl = process.env.DATABASE_URL ?? temp?.url;
  const database = await openDatabase({ databaseUrl, dataDir: path.join(root, '.tmp', name) });
  try {
    await migrate(database.db);
    await bench(database.db);
  } finally {
    await database.close();
    await temp?.stop();
  }
}

/** The figures, also in .tmp/<name>.json. */
export function writeFigures(name: string, figures: unknown): void {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  writeFileSync(path.join(root, '.tmp', `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
}
