import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initEnglishTranslations } from '../../components/testing/translationsForTests.ts';
import { CreatedReservationsAlert } from './CreatedReservationsAlert.tsx';

beforeAll(initEnglishTranslations);
afterEach(() => cleanup());

const summary = {
  owner: 'Ursula User',
  slot: 'A-105 (HQ Garage / -1)',
  firstDay: '2026-11-23',
  lastDay: '2026-11-25',
  dayCount: 3,
  times: '08:00–16:00',
};

describe('what an administrator’s booking made', () => {
  it('names the user, slot, days with weekdays and times, and offers that user’s reservations', async () => {
    const onShowOwner = vi.fn();
    render(<CreatedReservationsAlert summary={summary} onShowOwner={onShowOwner} onClose={vi.fn()} />);
    expect(screen.getByText('Reserved for Ursula User')).toBeTruthy();
    expect(
      screen.getByText('A-105 (HQ Garage / -1) · Mon, 23 Nov 2026 – Wed, 25 Nov 2026 (3 days) · 08:00–16:00'),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: "Show Ursula User's reservations" }));
    expect(onShowOwner).toHaveBeenCalled();
  });

  it('says one day by its weekday', () => {
    render(
      <CreatedReservationsAlert
        summary={{ ...summary, lastDay: summary.firstDay, dayCount: 1 }}
        onShowOwner={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('A-105 (HQ Garage / -1) · Mon, 23 Nov 2026 · 08:00–16:00')).toBeTruthy();
  });
});
