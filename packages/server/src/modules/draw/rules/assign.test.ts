import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, type Candidate, chooseWinners } from './assign.ts';

const candidate = (slots: number[], preferred = -1): Candidate => ({ slots, preferred });
const slotsOf = (assignment: Int32Array) => [...assignment];

/** Small random draws: up to 7 requesters, up to 5 slots, each with some usable slots and maybe a preference. */
const smallDraw = fc.integer({ min: 1, max: 5 }).chain((slotCount) =>
  fc.record({
    slotCount: fc.constant(slotCount),
    candidates: fc.array(
      fc.record({
        slots: fc.uniqueArray(fc.integer({ min: 0, max: slotCount - 1 }), { maxLength: slotCount }),
        preferred: fc.integer({ min: -1, max: slotCount - 1 }),
      }),
      { maxLength: 7 },
    ),
  }),
);

/** Whether the requesters can all be given distinct usable slots (trying every way). */
const matchable = (candidates: readonly Candidate[], taken = new Set<number>()): boolean => {
  const [first, ...rest] = candidates;
  if (first === undefined) {
    return true;
  }
  return first.slots.some((slot) => !taken.has(slot) && matchable(rest, new Set([...taken, slot])));
};

/** The most preferences any complete assignment of these winners honours (trying every way). */
const mostHonoured = (winners: readonly Candidate[], taken = new Set<number>()): number => {
  const [first, ...rest] = winners;
  if (first === undefined) {
    return 0;
  }
  let best = Number.NEGATIVE_INFINITY;
  for (const slot of first.slots) {
    if (!taken.has(slot)) {
      const honoured = (slot === first.preferred ? 1 : 0) + mostHonoured(rest, new Set([...taken, slot]));
      best = Math.max(best, honoured);
    }
  }
  return best;
};

describe('assign', () => {
  it('gives each winner its preferred slot when they differ', () => {
    const candidates = [candidate([0, 1, 2], 2), candidate([0, 1, 2], 0), candidate([0, 1, 2], 1)];
    expect(slotsOf(assign(candidates, 3))).toEqual([2, 0, 1]);
  });

  it('does not let a winner without a preference keep the slot a later winner preferred', () => {
    const candidates = [candidate([0, 1]), candidate([0, 1], 0)];
    expect(slotsOf(assign(candidates, 2))).toEqual([1, 0]);
  });

  it('moves earlier winners along a chain to honour a later preference', () => {
    // 0 may use 0 or 1, 1 may use 1 or 2, 2 prefers 0: 0 moves to 1, 1 to 2.
    const candidates = [candidate([0, 1]), candidate([1, 2]), candidate([0, 1, 2], 0)];
    expect(slotsOf(assign(candidates, 3))).toEqual([1, 2, 0]);
  });

  it('gives a contested preferred slot to one winner, the earlier when all else is equal', () => {
    const candidates = [candidate([0, 1], 0), candidate([0, 1], 0)];
    const slots = slotsOf(assign(candidates, 2));
    expect(slots.filter((slot) => slot === 0)).toHaveLength(1);
    expect(slots.sort()).toEqual([0, 1]);
  });

  it('gives no slot to one who may use none', () => {
    expect(slotsOf(assign([candidate([]), candidate([0])], 1))).toEqual([-1, 0]);
  });

  it('never lets a later requester displace an earlier one', () => {
    // 0 fits in 0 or 1; 1 only in 0, so 0 moves to 1; 2 only in 1: both are held by earlier winners.
    const candidates = [candidate([0, 1]), candidate([0]), candidate([1], 1)];
    expect(slotsOf(assign(candidates, 2))).toEqual([1, 0, -1]);
  });

  it('uses no slot twice and only slots a winner may use', () => {
    fc.assert(
      fc.property(smallDraw, ({ candidates, slotCount }) => {
        const slots = slotsOf(assign(candidates, slotCount)).filter((slot) => slot >= 0);
        expect(new Set(slots).size).toBe(slots.length);
        assign(candidates, slotCount).forEach((slot, index) => {
          if (slot >= 0) {
            expect(candidates[index]?.slots).toContain(slot);
          }
        });
      }),
    );
  });

  it('takes each requester in draw order when it still fits beside the earlier winners, and only then', () => {
    fc.assert(
      fc.property(smallDraw, ({ candidates, slotCount }) => {
        const won = chooseWinners(candidates, slotCount);
        const winners: Candidate[] = [];
        candidates.forEach((each, index) => {
          const fits = matchable([...winners, each]);
          expect(won[index]).toBe(fits);
          if (fits) {
            winners.push(each);
          }
        });
      }),
    );
  });

  it('never displaces an earlier requester: a longer list keeps the winners of its beginning', () => {
    fc.assert(
      fc.property(smallDraw, fc.nat(), ({ candidates, slotCount }, cut) => {
        const prefix = candidates.slice(0, cut % (candidates.length + 1));
        const all = chooseWinners(candidates, slotCount);
        expect(chooseWinners(prefix, slotCount)).toEqual(all.slice(0, prefix.length));
      }),
    );
  });

  it('honours as many preferred slots as any assignment of the same winners could', () => {
    fc.assert(
      fc.property(smallDraw, ({ candidates, slotCount }) => {
        const assignment = assign(candidates, slotCount);
        const winners = candidates.filter((_, index) => (assignment[index] as number) >= 0);
        const honoured = candidates.filter(
          (each, index) => each.preferred >= 0 && assignment[index] === each.preferred,
        ).length;
        expect(honoured).toBe(mostHonoured(winners));
      }),
    );
  });

  it('assigns 5,000 requesters to 1,000 slots with preferences well under a second', () => {
    const slotCount = 1000;
    const all = Array.from({ length: slotCount }, (_, slot) => slot);
    // Three kinds of day (all, mornings, afternoons) on slots partly booked; a preference for half of them.
    const morning = all.filter((slot) => slot % 7 !== 0);
    const afternoon = all.filter((slot) => slot % 5 !== 0);
    const kinds = [all, morning, afternoon];
    const candidates = Array.from({ length: 5000 }, (_, index) =>
      candidate(kinds[index % 3] as number[], index % 2 === 0 ? (index * 7919) % slotCount : -1),
    );
    const started = performance.now();
    const assignment = assign(candidates, slotCount);
    const took = performance.now() - started;
    expect(slotsOf(assignment).filter((slot) => slot >= 0)).toHaveLength(slotCount);
    expect(took).toBeLessThan(1000);
  });
});
