import { describe, expect, it } from 'vitest';
import { createLane } from './heavy-lane.ts';

describe('heavy lane', () => {
  it('lets `width` holders in at once and the others in order as places free up', async () => {
    const lane = createLane(2);
    const order: string[] = [];
    const first = await lane.acquire();
    const second = await lane.acquire();
    const third = lane.acquire().then((release) => {
      order.push('third');
      return release;
    });
    const fourth = lane.acquire().then((release) => {
      order.push('fourth');
      return release;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    first();
    // Releasing twice frees one place, not two.
    first();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['third']);
    second();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['third', 'fourth']);
    (await third)();
    (await fourth)();
    // All places are free again: two enter at once.
    await lane.acquire();
    await lane.acquire();
    const waiting = lane.acquire();
    const state = await Promise.race([
      waiting.then(() => 'entered'),
      new Promise((r) => setImmediate(() => r('waiting'))),
    ]);
    expect(state).toBe('waiting');
  });
});
