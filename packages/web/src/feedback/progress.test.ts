import { describe, expect, it, vi } from 'vitest';
import { PROGRESS_DELAY_MS, requestsQuietFor, withProgress } from './progress.ts';

describe('the progress bar', () => {
  it('shows a bar hidden from screen readers while a request runs, and removes it after', async () => {
    let finish = () => {};
    const request = withProgress(() => new Promise<string>((resolve) => (finish = () => resolve('answer'))));
    await vi.waitFor(() => {
      const shown = document.querySelector('#progress-bar');
      expect(shown?.getAttribute('aria-hidden')).toBe('true');
      expect(shown?.getAttribute('role')).toBeNull();
      // Moved to its first step (SPEC §9: 0.08), not only drawn.
      expect(shown?.querySelector<HTMLElement>('.bar')?.style.transform).toBe('translate3d(-92%, 0, 0)');
    }, 3000);
    finish();
    await expect(request).resolves.toBe('answer');
    await vi.waitFor(() => expect(document.querySelector('#progress-bar')).toBeNull(), { timeout: 3000 });
  });

  it('shows no bar for requests that end within the delay, and one only once a request has run that long', async () => {
    const drawn: number[] = [];
    const started = Date.now();
    const watcher = new MutationObserver(() => {
      if (document.querySelector('#progress-bar') !== null) {
        drawn.push(Date.now() - started);
      }
    });
    watcher.observe(document.body, { childList: true });
    try {
      const quick = () => withProgress(() => new Promise((resolve) => setTimeout(resolve, 150)));
      // Two short bursts with a pause between them: nothing drawn.
      await quick();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await quick();
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS));
      expect(drawn).toEqual([]);

      let finish = () => {};
      const slow = withProgress(() => new Promise<void>((resolve) => (finish = resolve)));
      const asked = Date.now() - started;
      await vi.waitFor(() => expect(document.querySelector('#progress-bar')).not.toBeNull(), {
        timeout: 3000,
      });
      expect((drawn[0] ?? 0) - asked).toBeGreaterThanOrEqual(PROGRESS_DELAY_MS - 5);
      finish();
      await slow;
      await vi.waitFor(() => expect(document.querySelector('#progress-bar')).toBeNull(), { timeout: 3000 });
    } finally {
      watcher.disconnect();
    }
  });

  it('says the requests are quiet only once none has run for the time asked, however they overlap', async () => {
    const pending = () => {
      let finish = () => {};
      const request = withProgress(() => new Promise<void>((resolve) => (finish = resolve)));
      return { request, finish: () => finish() };
    };
    const first = pending();
    let quiet = false;
    const waited = requestsQuietFor(100).then(() => {
      quiet = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(quiet).toBe(false);
    const second = pending();
    first.finish();
    await first.request;
    await new Promise((resolve) => setTimeout(resolve, 150));
    // The second still runs.
    expect(quiet).toBe(false);
    second.finish();
    await second.request;
    const ended = Date.now();
    await waited;
    expect(Date.now() - ended).toBeGreaterThanOrEqual(95);
  });

  it('trickles forward while a request runs, yet never fills before it ends', async () => {
    let finish = () => {};
    const request = withProgress(() => new Promise<void>((resolve) => (finish = resolve)));
    const step = () => {
      const transform = document.querySelector<HTMLElement>('#progress-bar .bar')?.style.transform ?? '';
      return Number(/translate3d\((-?[\d.]+)%/.exec(transform)?.[1] ?? Number.NaN);
    };
    await vi.waitFor(() => expect(step()).toBe(-92), { timeout: 3000 });
    // Two trickles of up to 0.02 each: further along, not full.
    await vi.waitFor(() => expect(step()).toBeGreaterThan(-92), { timeout: 3000 });
    expect(step()).toBeLessThan(-86);
    finish();
    await request;
    await vi.waitFor(() => expect(step()).toBe(0));
  });
});
