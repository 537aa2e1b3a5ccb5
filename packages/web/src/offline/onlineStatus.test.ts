import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module for each test: its state (answered or not, the probe's timer) is the module's. */
const freshModule = async () => {
  vi.resetModules();
  return import('./onlineStatus.ts');
};

const health = () => new Response('{"status":"ok"}', { headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the server unreachable while the device is online', () => {
  // First: each fresh module listens to the window's events, so the earlier tests' copies would ask too.
  it('is asked at once when the device’s network comes back, and counts as online only once it answers', async () => {
    const { isOnline, onReconnect } = await freshModule();
    const reconnected = vi.fn();
    onReconnect(reconnected);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(isOnline()).toBe(false);
    let answer: (response: Response) => void = () => undefined;
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(isOnline()).toBe(false);
    answer(health());
    await vi.advanceTimersByTimeAsync(0);
    expect(isOnline()).toBe(true);
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('is asked again by itself, sooner at first, until it answers: then online again, and said once', async () => {
    const { isOnline, noteServerAnswered, onReconnect } = await freshModule();
    const reconnected = vi.fn();
    onReconnect(reconnected);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    noteServerAnswered(false);
    expect(isOnline()).toBe(false);

    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toEqual(['/api/health']);
    // Then after 4 s and 8 s more.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    fetchSpy.mockResolvedValue(health());
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(isOnline()).toBe(true);
    expect(reconnected).toHaveBeenCalledTimes(1);
    // Online, nothing more is asked.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('counts a gateway’s 502, 503 or 504 as no answer, any other status as one', async () => {
    const { isOnline, noteServerAnswered } = await freshModule();
    let status = 502;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('', { status }));
    noteServerAnswered(false);
    for (const gateway of [502, 503, 504]) {
      status = gateway;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(isOnline()).toBe(false);
    }
    status = 500;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(isOnline()).toBe(true);
  });

  it('asks nothing while the device has no network at all', async () => {
    const { noteServerAnswered } = await freshModule();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    noteServerAnswered(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
