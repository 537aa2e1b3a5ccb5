import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPINNER_DELAY_MS, Spinner } from './Spinner.tsx';

describe('the loading spinner', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('draws nothing in a short wait, but keeps its place and says a load is under way', () => {
    vi.useFakeTimers();
    const { container } = render(<Spinner />);
    const placeholder = container.firstElementChild as HTMLElement;
    expect(placeholder.getAttribute('role')).toBe('progressbar');
    expect(placeholder.querySelector('svg')).toBeNull();
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 1));
    expect(container.querySelector('svg')).toBeNull();
  });

  it('turns once the wait has lasted its delay, still hidden from screen readers', () => {
    vi.useFakeTimers();
    const { container } = render(<Spinner size={24} />);
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS));
    const spinner = container.querySelector('[role=progressbar]') as HTMLElement;
    expect(spinner.querySelector('svg')).not.toBeNull();
    expect(spinner.getAttribute('aria-hidden')).toBe('true');
    expect(spinner.style.width).toBe('24px');
  });
});
