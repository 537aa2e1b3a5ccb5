import { addDays, type LocalDate } from '@parkhere/contract';

/** A requester's draws and parking within the fairness window before a draw's day. */
export type History = { wins: number; losses: number; noShows: number };

/** The weight of someone who never won, never lost and never failed to come: everybody's starting odds. */
export const NEUTRAL_WEIGHT = 1;
/** Nobody is ever left out: four straight wins (or no-shows) still leave a quarter of the neutral odds. */
export const MIN_WEIGHT = 1 / 4;
/** Nobody runs away with the draw: losses beyond three raise the weight no further. */
export const MAX_WEIGHT = 4;

/**
 * The requester's weight in the draw: (1 + losses) / (1 + wins + no-shows), held within [¼, 4].
 *
 * Why this form: a ratio rewards losing exactly as much as winning costs, so someone who lost as often as
 * they won is back at the neutral 1 and, over many draws, everybody's wins and losses even out. A no-show
 * counts as a win (the slot was theirs and went unused), so skipping a won day is no way to keep one's odds.
 * The +1 on both sides makes a newcomer neutral and each single result a moderate step (one loss doubles the
 * weight, one win halves it). The bounds keep every weight positive and finite: a long winning streak never
 * shuts anybody out, and a long losing streak makes a near-certain winner, not a certain one. Equal history
 * gives equal weight: the weight is a function of the three counts alone.
 */
export const weightOf = ({ wins, losses, noShows }: History): number => {
  for (const count of [wins, losses, noShows]) {
    if (!Number.isInteger(count) || count < 0) {
      throw new RangeError(`a history counts whole results, not ${count}`);
    }
  }
  const weight = (1 + losses) / (1 + wins + noShows);
  return Math.min(MAX_WEIGHT, Math.max(MIN_WEIGHT, weight));
};

/**
 * The days whose results count for a draw of `date`: the `weeks` whole weeks before it, `from` inclusive,
 * `to` (the draw's day) exclusive, so a day's own draw never weighs itself.
 */
export const fairnessWindow = (date: LocalDate, weeks: number): { from: LocalDate; to: LocalDate } => {
  if (!Number.isInteger(weeks) || weeks < 0) {
    throw new RangeError(`a fairness window is whole weeks, not ${weeks}`);
  }
  return { from: addDays(date, -7 * weeks), to: date };
};
