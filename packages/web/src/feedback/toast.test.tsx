import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initSystemTranslations } from './systemTranslationsForTests.ts';
import { ToastProvider } from './ToastProvider.tsx';
import { toast } from './toast.ts';

describe('toasts (SPEC §9)', () => {
  afterEach(() => cleanup());

  beforeAll(initSystemTranslations);

  it('shows a toast asked for before the toast host has loaded, and closes it with its button', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    toast.error('The server did not answer');
    toast.warning('Saved');
    expect(await screen.findByText('The server did not answer')).toBeTruthy();
    expect(await screen.findByText('Saved')).toBeTruthy();
    const [close] = screen.getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await expect.poll(() => screen.queryByText('The server did not answer')).toBeNull();
  });

  it('shows a toast asked for once the page has long been shown', async () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    await screen.findByText('page');
    // Well after the page's first render: the host is loaded by the toast, whenever it comes.
    await new Promise((resolve) => setTimeout(resolve, 400));
    toast.warning('Check the dates');
    expect(await screen.findByText('Check the dates')).toBeTruthy();
  });

  /** The provider with its host mounted and ready, so what follows measures the toasts alone. */
  const mounted = async () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    toast.success('host ready');
    await screen.findByText('host ready');
    const [close] = screen.getAllByRole('button', { name: 'Close' });
    act(() => (close as HTMLElement).click());
    // Its exit animation runs on timers, which a busy machine stretched past expect.poll's default second (CI).
    await expect.poll(() => screen.queryByText('host ready'), { timeout: 5_000 }).toBeNull();
  };

  /**
   * Whether the toast saying `text` still shows after `ms` more of the toast's clock. The clock moves in small steps,
   * each in its own act, so React renders between the timers of the hide and exit transitions.
   */
  const shownAfter = async (text: string, ms: number) => {
    for (let elapsed = 0; elapsed < ms; elapsed += 50) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(Math.min(50, ms - elapsed));
      });
    }
    // A closing toast slides off before it leaves the page; only one not moved away still shows.
    const alert = screen.queryByText(text)?.closest<HTMLElement>('[role="alert"]');
    return alert !== null && alert !== undefined && ['', 'none'].includes(alert.style.transform);
  };

  it.each([
    ['success', 2500],
    ['warning', 2500],
    ['error', 5000],
  ] as const)('hides a %s toast after %i ms', async (variant, ms) => {
    await mounted();
    vi.useFakeTimers();
    try {
      toast[variant](`A ${variant}`);
      expect(await shownAfter(`A ${variant}`, ms - 100)).toBe(true);
      expect(await shownAfter(`A ${variant}`, 200)).toBe(false);
      // And once its exit is over it leaves the page.
      await shownAfter(`A ${variant}`, 1000);
      expect(screen.queryByText(`A ${variant}`)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the same failure twice as one toast', async () => {
    await mounted();
    toast.error('Could not save');
    toast.error('Could not save');
    expect(await screen.findByText('Could not save')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('Could not save')).toHaveLength(1);
  });

  it('shows a notice again when it comes while the same one is leaving', async () => {
    await mounted();
    vi.useFakeTimers();
    try {
      toast.success('Saved.');
      expect(await shownAfter('Saved.', 2400)).toBe(true);
      // Hidden by its timer, still on the page in its exit: a second save is said again, not swallowed.
      expect(await shownAfter('Saved.', 200)).toBe(false);
      expect(screen.queryByText('Saved.')).not.toBeNull();
      toast.success('Saved.');
      await shownAfter('Saved.', 1000);
      expect(screen.getAllByText('Saved.')).toHaveLength(1);
      expect(await shownAfter('Saved.', 0)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  /** Four failures on a mounted host: three on screen, `fourth` waiting its turn. */
  const fourFailures = async (fourth: string) => {
    await mounted();
    for (const message of ['First', 'Second', 'Third', fourth]) {
      toast.error(message);
    }
    expect(await screen.findByText('Third')).toBeTruthy();
  };

  it('shows at most 3 at once; the next waits for one to close', async () => {
    await fourFailures('Fourth');
    expect(screen.getByText('First')).toBeTruthy();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.queryByText('Fourth')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(3);
    const [close] = screen.getAllByRole('button', { name: 'Close' });
    act(() => (close as HTMLElement).click());
    expect(await screen.findByText('Fourth')).toBeTruthy();
  });

  it("shows toasts at the top centre, clear of the forms' action rows", async () => {
    await mounted();
    toast.success('Where am I');
    const message = await screen.findByText('Where am I');
    const container = message.closest('.notistack-SnackbarContainer');
    expect(container).not.toBeNull();
    const style = getComputedStyle(container as Element);
    // Anchored by its top edge (a bottom-anchored container sets bottom and leaves top auto).
    expect(style.top).toMatch(/^\d+px$/);
    expect(style.bottom).toBe('auto');
    expect(style.left).toBe('50%');
    expect(style.transform).toBe('translateX(-50%)');
  });

  it('closes the error toasts still open when a success follows', async () => {
    await mounted();
    toast.error('Could not save');
    expect(await screen.findByText('Could not save')).toBeTruthy();
    toast.success('Saved at last');
    expect(await screen.findByText('Saved at last')).toBeTruthy();
    await expect.poll(() => screen.queryByText('Could not save'), { timeout: 3000 }).toBeNull();
  });

  it('shows a failure again after a success closed it while it was still waiting its turn', async () => {
    await fourFailures('Waiting');
    expect(screen.queryByText('Waiting')).toBeNull();
    // The success closes every error, the one still queued too; the same failure later is said again.
    toast.success('Saved at last');
    expect(await screen.findByText('Saved at last')).toBeTruthy();
    await expect.poll(() => screen.queryByText('First'), { timeout: 3000 }).toBeNull();
    toast.error('Waiting');
    expect(await screen.findByText('Waiting')).toBeTruthy();
  });
});
