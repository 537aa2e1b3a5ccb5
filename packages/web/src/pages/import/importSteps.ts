import type { ImportAnswer } from '@parkhere/contract';
import type { FileProblem, ImportOutcome } from './importFile.ts';

/*
 * The server's verdict on the file the page sent last: plain data, so what the page offers after it is a
 * function of it.
 */

export type ImportVerdict =
  /** The server could not read the file at all (or it is too large to send). */
  | { step: 'fileRefused'; fileName: string; problems: readonly FileProblem[] }
  /** A dry run's answer: nothing was written. */
  | { step: 'checked'; fileName: string; answer: ImportAnswer }
  | { step: 'applied'; fileName: string; answer: ImportAnswer }
  /** Applying found a row refused (422): the data changed since the check, and nothing was written. */
  | { step: 'refusedOnApply'; fileName: string; answer: ImportAnswer };

/** The verdict a file's outcome stands for. */
export function verdictOf(fileName: string, outcome: ImportOutcome): ImportVerdict {
  if (outcome.kind === 'fileRefused') {
    return { step: 'fileRefused', fileName, problems: outcome.problems };
  }
  const { answer } = outcome;
  const step = answer.dryRun ? 'checked' : answer.applied ? 'applied' : 'refusedOnApply';
  return { step, fileName, answer };
}

/**
 * Whether Apply is offered and why it cannot be pressed: only after a check or a refused apply, and only when
 * no row is refused (the whole file is written or none of it).
 */
export function applyState(verdict: ImportVerdict): { offered: boolean; blockedByRefusedRows: boolean } {
  if (verdict.step !== 'checked' && verdict.step !== 'refusedOnApply') {
    return { offered: false, blockedByRefusedRows: false };
  }
  return { offered: true, blockedByRefusedRows: verdict.answer.totals.refuse > 0 };
}
