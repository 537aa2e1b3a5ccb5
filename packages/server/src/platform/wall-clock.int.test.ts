import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, instantOf } from './calendar.ts';

// The database computes `during` with `timestamp AT TIME ZONE` (migration 0003, wall_clock_range) while the
// rules compute instants in JavaScript; both must read every wall-clock value alike, DST days included.
const cases = [
  ['2026-01-15', '10:00:00'],
  ['2026-07-01', '10:00:00'],
  ['2025-03-30', '01:59:00'],
  ['2025-03-30', '02:00:00'],
  ['2025-03-30', '02:30:00'],
  ['2025-03-30', '03:00:00'],
  ['2025-10-26', '01:59:00'],
  ['2025-10-26', '02:00:00'],
  ['2025-10-26', '02:30:00'],
  ['2025-10-26', '02:59:59'],
  ['2025-10-26', '03:00:00'],
  ['2026-03-29', '02:15:00'],
  ['2026-10-25', '02:15:00'],
] as const;

describe('wall clock to instant agrees with PostgreSQL', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
  });
  afterAll(async () => {
    await db.close();
  });

  it.each(cases)('%s %s in Budapest', async (date, time) => {
    const result = await db.query<{ at: Date }>('SELECT ($1::date + $2::time) AT TIME ZONE $3 AS at', [
      date,
      time,
      DEFAULT_TIME_ZONE,
    ]);
    expect(instantOf(date, time, DEFAULT_TIME_ZONE).toISOString()).toBe(result.rows[0]?.at.toISOString());
  });
});
