import { describe, expect, it } from 'vitest';
import { isSafeSvg } from '../modules/files/svg-check.ts';
import { demoPlanPlace, demoPlanSvg } from './demo-plans.ts';

describe("the demo garages' floor plans", () => {
  it('are pictures an upload would accept: an SVG that only draws', () => {
    for (const [garage, floor, slots] of [
      ['HQ Garage', -1, 20],
      ['Riverside Garage', 0, 10],
      ['<Odd & "garage">', 1, 7],
    ] as const) {
      const svg = Buffer.from(demoPlanSvg(garage, floor, slots));
      expect(isSafeSvg(svg), garage).toBe(true);
      expect(svg.length).toBeLessThan(4_000);
    }
  });

  it("put every slot of a floor on a bay of its own, the upper row first, within the plan's bounds", () => {
    const places = Array.from({ length: 20 }, (_, index) => demoPlanPlace(index, 20));
    expect(new Set(places.map(({ planX, planY }) => `${planX},${planY}`)).size).toBe(20);
    for (const { planX, planY } of places) {
      expect(planX).toBeGreaterThanOrEqual(0);
      expect(planX).toBeLessThanOrEqual(100);
      expect([22, 78]).toContain(planY);
    }
    expect(places.slice(0, 10).every(({ planY }) => planY === 22)).toBe(true);
    // The first bay of each row by the left wall, the last by the right one.
    expect(places[0]).toEqual({ planX: 10, planY: 22 });
    expect(places[9]).toEqual({ planX: 91, planY: 22 });
    expect(places[10]).toEqual({ planX: 10, planY: 78 });
  });
});
