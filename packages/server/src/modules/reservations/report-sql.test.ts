import { addDays, dayNumberOf } from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { spansOf } from './report-sql.ts';

/** The day numbers a list of spans covers, in order. */
const daysOf = (spans: ReturnType<typeof spansOf>) =>
  spans.flatMap(([level, span]) => Array.from({ length: 2 ** level }, (_, n) => span * 2 ** level + n));

describe('spansOf (the rollup spans a report sums)', () => {
  it.each([
    ['2026-11-29', '2026-11-29'],
    ['2026-10-22', '2026-10-28'],
    ['2026-05-31', '2027-05-31'],
    ['2024-01-01', '2024-12-31'],
    ['1969-12-20', '1970-01-10'],
  ])('covers %s to %s, each day once, in few spans', (from, to) => {
    const spans = spansOf(from, to);
    const count = dayNumberOf(to) - dayNumberOf(from) + 1;
    expect(daysOf(spans)).toEqual(Array.from({ length: count }, (_, n) => dayNumberOf(addDays(from, n))));
    expect(spans.length).toBeLessThanOrEqual(2 * 8 + 2);
  });
});
