import { describe, expect, it } from 'vitest';
import type { ImportOutcome } from './importFile.ts';
import { applyState, verdictOf } from './importSteps.ts';

/* What the Import page offers after each of the server's verdicts on a file (issue 30, item 1). */

const answered = (dryRun: boolean, applied: boolean, refuse: number): ImportOutcome => ({
  kind: 'answer',
  answer: { dryRun, applied, totals: { create: 2, update: 1, unchanged: 0, refuse }, rows: [] },
});

describe('after a file', () => {
  it.each([
    ['a check where no row is refused: Apply', answered(true, false, 0), 'checked', true, false],
    ['a check with a refused row: Apply blocked', answered(true, false, 1), 'checked', true, true],
    [
      'an apply the server refused (the data changed meanwhile): Apply blocked',
      answered(false, false, 1),
      'refusedOnApply',
      true,
      true,
    ],
    ['an applied file: no Apply', answered(false, true, 0), 'applied', false, false],
    [
      'a file not read: no Apply',
      { kind: 'fileRefused', problems: [{ code: 'CSV_EMPTY', details: {} }] } satisfies ImportOutcome,
      'fileRefused',
      false,
      false,
    ],
  ] as const)('%s', (_, outcome, step, offered, blockedByRefusedRows) => {
    const verdict = verdictOf('people.csv', outcome);
    expect({ step: verdict.step, fileName: verdict.fileName, ...applyState(verdict) }).toEqual({
      step,
      fileName: 'people.csv',
      offered,
      blockedByRefusedRows,
    });
  });
});
