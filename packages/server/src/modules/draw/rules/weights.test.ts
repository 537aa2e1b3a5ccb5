import { describe, expect, it } from 'vitest';
import { fairnessWindow, MAX_WEIGHT, MIN_WEIGHT, NEUTRAL_WEIGHT, weightOf } from './weights.ts';

const history = (wins: number, losses: number, noShows = 0) => ({ wins, losses, noShows });

describe('weightOf', () => {
  it('gives a newcomer the neutral weight', () => {
    expect(weightOf(history(0, 0))).toBe(NEUTRAL_WEIGHT);
  });

  it('raises the weight with each recent loss, up to the cap', () => {
    const weights = [0, 1, 2, 3, 4, 10].map((losses) => weightOf(history(0, losses)));
    expect(weights).toEqual([1, 2, 3, 4, MAX_WEIGHT, MAX_WEIGHT]);
  });

  it('lowers the weight with each recent win, down to the floor and never to 0', () => {
    const weights = [0, 1, 3, 10, 1000].map((wins) => weightOf(history(wins, 0)));
    expect(weights).toEqual([1, 1 / 2, 1 / 4, MIN_WEIGHT, MIN_WEIGHT]);
    expect(Math.min(...weights)).toBeGreaterThan(0);
  });

  it('lowers it for a recent no-show as much as for a win', () => {
    expect(weightOf(history(0, 0, 1))).toBe(weightOf(history(1, 0)));
    expect(weightOf(history(0, 2, 1))).toBeLessThan(weightOf(history(0, 2)));
  });

  it('brings someone who lost as often as they won back to neutral', () => {
    expect(weightOf(history(2, 2))).toBe(NEUTRAL_WEIGHT);
  });

  it('gives equal history equal weight', () => {
    expect(weightOf(history(1, 3, 1))).toBe(weightOf({ noShows: 1, losses: 3, wins: 1 }));
  });

  it.each([
    [-1, 0, 0],
    [0, 1.5, 0],
    [0, 0, Number.NaN],
  ])(
    'refuses a history that is not whole counts (%d wins, %d losses, %d no-shows)',
    (wins, losses, noShows) => {
      expect(() => weightOf({ wins, losses, noShows })).toThrow(RangeError);
    },
  );
});

describe('fairnessWindow', () => {
  it('is the whole weeks before the day, the day itself excluded', () => {
    expect(fairnessWindow('2026-03-16', 8)).toEqual({ from: '2026-01-19', to: '2026-03-16' });
  });

  it('is empty for a window of no weeks', () => {
    expect(fairnessWindow('2026-03-16', 0)).toEqual({ from: '2026-03-16', to: '2026-03-16' });
  });
});
