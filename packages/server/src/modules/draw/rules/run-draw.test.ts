import { describe, expect, it } from 'vitest';
import { type DrawInputs, type DrawRequestInput, runDraw } from './run-draw.ts';
import { weightOf } from './weights.ts';

const DAY = '2026-03-16';
const at = (time: string) => `${DAY}T${time}:00.000Z`;

const request = (id: number, overrides: Partial<DrawRequestInput> = {}): DrawRequestInput => ({
  requestId: String(id),
  userId: `u${id}`,
  start: at('08:00'),
  end: at('17:00'),
  preferredSlotId: null,
  weight: 1,
  priority: null,
  mayReserve: true,
  ...overrides,
});

const slots = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ slotId: String(1000 + index), busy: [] }));

const requests = (count: number, overrides: (id: number) => Partial<DrawRequestInput> = () => ({})) =>
  Array.from({ length: count }, (_, index) => request(index + 1, overrides(index + 1)));

/** How often each request won over `draws` draws with seeds 1…draws. */
const winCounts = (inputs: DrawInputs, draws: number): Map<string, number> => {
  const wins = new Map(inputs.requests.map(({ requestId }) => [requestId, 0]));
  for (let seed = 1; seed <= draws; seed += 1) {
    for (const { requestId } of runDraw(inputs, seed).winners) {
      wins.set(requestId, (wins.get(requestId) ?? 0) + 1);
    }
  }
  return wins;
};

describe('runDraw', () => {
  it('gives the same outcome for the same inputs and seed, however the inputs are listed', () => {
    const inputs = { requests: requests(40), slots: slots(10) };
    const reversed = { requests: [...inputs.requests].reverse(), slots: [...inputs.slots].reverse() };
    expect(runDraw(reversed, 99)).toEqual(runDraw(inputs, 99));
  });

  it('lists every request once, winners with distinct slots, losers in draw order', () => {
    const outcome = runDraw({ requests: requests(12), slots: slots(5) }, 3);
    expect(outcome.winners).toHaveLength(5);
    expect(new Set(outcome.winners.map(({ slotId }) => slotId)).size).toBe(5);
    const everyone = [...outcome.winners, ...outcome.losers].map(({ requestId }) => requestId);
    expect(everyone.sort()).toEqual(
      requests(12)
        .map(({ requestId }) => requestId)
        .sort(),
    );
  });

  it('honours preferred slots where it can', () => {
    const inputs = {
      requests: requests(3, (id) => ({ preferredSlotId: String(1003 - id) })),
      slots: slots(3),
    };
    const outcome = runDraw(inputs, 5);
    expect(outcome.winners.every(({ preferred }) => preferred)).toBe(true);
    expect(outcome.winners.find(({ requestId }) => requestId === '1')?.slotId).toBe('1002');
  });

  it('gives a request only a slot free over its whole interval', () => {
    const inputs = {
      requests: [request(1, { start: at('12:00'), end: at('14:00') })],
      slots: [
        { slotId: '1', busy: [{ start: at('13:00'), end: at('15:00') }] },
        { slotId: '2', busy: [{ start: at('08:00'), end: at('12:00') }] },
      ],
    };
    expect(runDraw(inputs, 1).winners.map(({ slotId }) => slotId)).toEqual(['2']);
  });

  it('gives nothing to a requester who could not be served at the cut-off', () => {
    const outcome = runDraw({ requests: [request(1, { mayReserve: false })], slots: slots(1) }, 1);
    expect(outcome.winners).toEqual([]);
    expect(outcome.losers).toEqual([{ requestId: '1', userId: 'u1' }]);
  });

  describe('over 2,000 simulated draws of 100 requesters for 30 slots', () => {
    const DRAWS = 2000;
    const P = 30 / 100;
    const EXPECTED = DRAWS * P; // 600 wins each
    const VARIANCE = DRAWS * P * (1 - P); // 420: each requester's wins are Binomial(2000, 0.3)

    it('gives equal requesters a 30 % win rate each (chi-square test at the 0.1 % level)', () => {
      const wins = [...winCounts({ requests: requests(100), slots: slots(30) }, DRAWS).values()];
      // The 100 counts always add up to 60,000 (30 winners a draw): their covariance is
      // VARIANCE·N/(N−1)·(I − J/N), so Σ(O−E)² / (VARIANCE·N/(N−1)) is chi-square with N−1 = 99 degrees of
      // freedom. Its critical value at α = 0.001 is 148.23 (tables; Wilson–Hilferty gives 148.28).
      const statistic =
        wins.reduce((sum, observed) => sum + (observed - EXPECTED) ** 2, 0) / (VARIANCE * (100 / 99));
      expect(statistic).toBeLessThan(148.23);
      // Each requester on their own: (O−E)²/VARIANCE is chi-square with 1 degree of freedom; at α = 0.001
      // shared by the 100 (Bonferroni, 0.00001 each) its critical value is 19.51 (z = 4.417), a band of
      // ±4.417·√420 ≈ ±90.5 wins: a win rate within 25.5 %…34.5 %.
      const band = Math.sqrt(19.51 * VARIANCE);
      for (const observed of wins) {
        expect(Math.abs(observed - EXPECTED)).toBeLessThan(band);
      }
    });

    it('gives a requester who lost the last draws a measurably higher chance', () => {
      const unlucky = weightOf({ wins: 0, losses: 3, noShows: 0 });
      const inputs = {
        requests: requests(100, (id) => ({ weight: id === 1 ? unlucky : 1 })),
        slots: slots(30),
      };
      const wins = winCounts(inputs, DRAWS).get('1') ?? 0;
      // Far above an equal requester's band (600 ± 90.5): weight 4 among 99 of weight 1 wins about 3 in 4.
      expect(wins).toBeGreaterThan(EXPECTED + Math.sqrt(19.51 * VARIANCE));
      expect(wins / DRAWS).toBeGreaterThan(0.6);
    });

    it('gives a priority requester a slot in every draw while slots last', () => {
      const inputs = {
        requests: requests(100, (id) => ({
          priority: id % 20 === 0 ? 'accessibility' : null,
          weight: id === 1 ? 4 : 1,
        })),
        slots: slots(3),
      };
      const priority = new Set(['20', '40', '60', '80', '100']);
      for (let seed = 1; seed <= DRAWS; seed += 1) {
        const { winners } = runDraw(inputs, seed);
        expect(winners).toHaveLength(3);
        expect(winners.every(({ requestId }) => priority.has(requestId))).toBe(true);
      }
      const wins = winCounts({ ...inputs, slots: slots(30) }, 200);
      for (const id of priority) {
        expect(wins.get(id)).toBe(200);
      }
    });
  });
});
