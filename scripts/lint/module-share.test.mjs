import { describe, expect, it } from 'vitest';
import { MAX_SHARE, overBudget, sharesOf } from './module-share.mjs';

const lines = (count) => 'x\n'.repeat(count);

describe('the hub budget', () => {
  it('gives each module its share of the source lines, largest first', () => {
    expect(
      sharesOf([
        { path: 'cars/index.ts', text: lines(10) },
        { path: 'reservations/index.ts', text: lines(20) },
        { path: 'reservations/rules/quotas.ts', text: lines(10) },
      ]),
    ).toEqual([
      { module: 'reservations', lines: 30, share: 0.75 },
      { module: 'cars', lines: 10, share: 0.25 },
    ]);
  });

  it('puts a module over the budget from one line over it', () => {
    const modulesOf = (hub) => [
      { path: 'hub/a.ts', text: lines(hub) },
      { path: 'left/b.ts', text: lines(33) },
      { path: 'right/c.ts', text: lines(67 - hub) },
    ];
    expect(MAX_SHARE).toBe(0.35);
    expect(overBudget(modulesOf(35))).toEqual([]);
    expect(overBudget(modulesOf(36))).toEqual([{ module: 'hub', lines: 36, share: 0.36 }]);
  });
});
