import { afterEach, describe, expect, it, vi } from 'vitest';
import { runningClock } from './calendar.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('runningClock', () => {
  it('shows its start at the given real moment and runs on with the real time', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T05:00:00Z') });
    const clock = runningClock(new Date('2026-11-20T07:00:00Z'), new Date('2026-11-22T04:59:00Z'));
    expect(clock().toISOString()).toBe('2026-11-20T07:01:00.000Z');
    vi.advanceTimersByTime(90_000);
    expect(clock().toISOString()).toBe('2026-11-20T07:02:30.000Z');
  });

  it('starts at its start when no real moment is given', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T05:00:00Z') });
    const clock = runningClock(new Date('2026-11-23T07:00:00Z'));
    expect(clock().toISOString()).toBe('2026-11-23T07:00:00.000Z');
    vi.advanceTimersByTime(1_000);
    expect(clock().toISOString()).toBe('2026-11-23T07:00:01.000Z');
  });
});
