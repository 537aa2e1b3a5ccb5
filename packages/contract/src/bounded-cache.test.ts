import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('keeps values until it is full, then starts over with the new one', () => {
    const cache = new BoundedCache<string, number>(2);
    expect(cache.set('a', 1)).toBe(1);
    cache.set('b', 2);
    expect([cache.get('a'), cache.get('b')]).toEqual([1, 2]);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, 3]);
    cache.delete('c');
    expect(cache.get('c')).toBeUndefined();
  });
});
