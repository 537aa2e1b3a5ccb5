import { describe, expect, it, vi } from 'vitest';
import { requestsQuietFor, withProgress } from './progress.ts';

describe('the progress bar', () => {
  it('shows a bar hidden from screen readers while a request runs, and removes it after', async () => {
    let finish = () => {};
    const request = withProgress(() => new Promise<string>((resolve) => (finish = () => resolve('answer'))));
    await vi.waitFor(() => {
      const bar = document.querySelector('#nprogress .bar');
      expect(bar?.getAttribute('aria-hidden')).toBe('true');
      expect(bar?.getAttribute('role')).toBeNull();
      // Positioned by nprogress: it found its bar (it throws on every request when it does not).
      expect((bar as HTMLElement | null)?.style.transform).toMatch(/translate/);
    });
    finish();
    await expect(request).resolves.toBe('answer');
    await vi.waitFor(() => expect(document.querySelector('#nprogress')).toBeNull(), { timeout: 3000 });
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
});
