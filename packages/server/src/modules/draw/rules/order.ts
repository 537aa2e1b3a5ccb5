import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { mersenne } from 'pure-rand/generator/mersenne';

/** Who takes part in the draw: a stable id, a positive weight, and whether a need-based priority holds. */
export type Drawable = { id: string; weight: number; priority: boolean };

/** Numeric ids by value, any other ids by their text: one total order, whatever the inputs' array order. */
export const byStableKey = (a: string, b: string): number =>
  a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** A draw's seed: a 32-bit integer, what pure-rand's generators are seeded with. */
export const isSeed = (seed: number): boolean =>
  Number.isInteger(seed) && seed >= -(2 ** 31) && seed < 2 ** 31;

/**
 * The draw order: priority holders first, then everybody else, each group in a weighted random order without
 * replacement (Efraimidis–Spirakis: each gets the key u^(1/w) for a uniform u, the order is by falling key;
 * compared as ln(u)/w, which keeps small weights from underflowing). Someone with twice the weight is twice as
 * likely to come first among any two. The generator (pure-rand's Mersenne Twister, whose seeding spreads
 * neighbouring seeds apart; xoroshiro128+'s first values for small seeds all fall below ½) is seeded with
 * `seed` and draws one u per entry in the entries' stable order, so the same seed and the same entries give
 * the same order, however the entries were listed.
 */
export function drawOrder<T extends Drawable>(entries: readonly T[], seed: number): T[] {
  if (!isSeed(seed)) {
    throw new RangeError(`a draw's seed is a 32-bit integer, not ${seed}`);
  }
  const sorted = [...entries].sort((a, b) => byStableKey(a.id, b.id));
  const rng = mersenne(seed);
  const keyed = sorted.map((entry) => {
    if (!(entry.weight > 0 && Number.isFinite(entry.weight))) {
      throw new RangeError(`a weight is positive and finite, not ${entry.weight} (${entry.id})`);
    }
    // 1 - [0, 1) is (0, 1]: ln never sees 0.
    return { entry, key: Math.log(1 - uniformFloat64(rng)) / entry.weight };
  });
  keyed.sort(
    (a, b) =>
      Number(b.entry.priority) - Number(a.entry.priority) ||
      b.key - a.key ||
      byStableKey(a.entry.id, b.entry.id),
  );
  return keyed.map(({ entry }) => entry);
}
