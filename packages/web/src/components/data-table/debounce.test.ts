import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer, FILTER_DEBOUNCE_MS } from './debounce.ts';

describe('filter input debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers only the last value, 500 ms after the last keystroke', () => {
    const delivered: string[] = [];
    const debouncer = createDebouncer<string>((value) => delivered.push(value));
    expect(FILTER_DEBOUNCE_MS).toBe(500);
    debouncer.schedule('g');
    vi.advanceTimersByTime(300);
    debouncer.schedule('ga');
    vi.advanceTimersByTime(499);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual(['ga']);
  });

  it('delivers at once on flush and nothing after cancel', () => {
    const delivered: string[] = [];
    const debouncer = createDebouncer<string>((value) => delivered.push(value));
    debouncer.schedule('a');
    debouncer.flush();
    expect(delivered).toEqual(['a']);
    debouncer.flush();
    debouncer.schedule('b');
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(delivered).toEqual(['a']);
  });
});
