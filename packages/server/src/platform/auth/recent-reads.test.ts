import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentReads } from './recent-reads.ts';

afterEach(() => {
  vi.useRealTimers();
});

const counter = () => {
  let reads = 0;
  return {
    read: async () => {
      reads += 1;
      return reads;
    },
    get reads() {
      return reads;
    },
  };
};

describe('RecentReads', () => {
  it('answers a repeated read from memory until its time is up', async () => {
    vi.useFakeTimers({ now: 0 });
    const recent = new RecentReads(3_000);
    const source = counter();
    expect(await recent.get('k', source.read)).toBe(1);
    vi.setSystemTime(2_999);
    expect(await recent.get('k', source.read)).toBe(1);
    vi.setSystemTime(3_001);
    expect(await recent.get('k', source.read)).toBe(2);
    expect(source.reads).toBe(2);
  });

  it('reads anew after a write forgot, and keeps apart what keys keep apart', async () => {
    const recent = new RecentReads(3_000);
    const source = counter();
    expect(await recent.get('a', source.read)).toBe(1);
    expect(await recent.get('b', source.read)).toBe(2);
    recent.forget();
    expect(await recent.get('a', source.read)).toBe(3);
  });

  it('does not keep a read that was under way when a write forgot', async () => {
    const recent = new RecentReads(3_000);
    let release: (value: string) => void = () => {};
    const slow = recent.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    recent.forget();
    release('before the write');
    expect(await slow).toBe('before the write');
    expect(await recent.get('k', async () => 'after the write')).toBe('after the write');
  });
});
