import { describe, expect, it, vi } from 'vitest';
import { withProgress } from './progress.ts';

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
});
