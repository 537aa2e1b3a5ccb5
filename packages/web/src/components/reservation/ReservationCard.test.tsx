import { formatDayWithWeekday } from '@parkhere/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import hungarian from '../../../public/i18n/application_hu-HU.json';
import { withModelTexts } from '../../i18n/modelTexts.ts';
import { checkInReservation } from '../testing/reservationRows.ts';
import { initEnglishTranslations } from '../testing/translationsForTests.ts';
import { ReservationCard, type ReservationRow } from './ReservationCard.tsx';

beforeAll(initEnglishTranslations);

afterEach(() => cleanup());

const reservation = (check: Partial<ReservationRow>): ReservationRow => ({
  __signedIdentifier: 'signed-reservation',
  __entityType: 'UserReservation',
  ...checkInReservation,
  reserverCarId: 'ABC-123',
  isNotCancelable: false,
  isNotDeletable: true,
  currentTime: '08:50:00',
  ...check,
});

/** The card of `reservation(check)`; "I'm here" calls `onCheckIn`. */
const showCard = (check: Partial<ReservationRow>, onCheckIn = vi.fn()) =>
  render(<ReservationCard reservation={reservation(check)} onAction={vi.fn()} onCheckIn={onCheckIn} />);

describe('reservation card check-in', () => {
  it('offers "I\'m here" while the window is open and tells until when', async () => {
    const onCheckIn = vi.fn();
    showCard({ isCheckInOpen: true }, onCheckIn);
    expect(screen.getByText('Check in between 08:45 and 09:30')).toBeTruthy();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: "I'm here: reservation of Tue, 24 Nov 2026" }));
    expect(onCheckIn).toHaveBeenCalledWith(
      expect.objectContaining({ __signedIdentifier: 'signed-reservation' }),
    );
  });

  it('offers no check-in before the window opens', () => {
    showCard({ isCheckInOpen: false, currentTime: null, isNotCancelable: true });
    expect(screen.getByText('Check in between 08:45 and 09:30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^I'm here/ })).toBeNull();
  });

  it('shows a done check-in and no button', () => {
    // The server's wall clock in its zone, whatever the browser's zone makes of the instant.
    const checkedInAt = '2026-11-24T07:52:00Z';
    showCard({ isCheckInOpen: true, checkedInAt, checkedInTime: '08:52:00' });
    expect(screen.getByText('Checked in at 08:52')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^I'm here/ })).toBeNull();
  });

  it('says nothing of check-in where the garage asks for none', () => {
    showCard({ checkInRequired: false, isCheckInOpen: false });
    expect(screen.queryByTestId('check-in-state')).toBeNull();
    expect(screen.queryByRole('button', { name: /^I'm here/ })).toBeNull();
  });
});

describe('reservation card offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers no action while the server cannot be reached: nothing could be sent', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    showCard({ isCheckInOpen: true, isNotCancelable: false, isNotDeletable: false });
    expect(screen.getByText('Check in between 08:45 and 09:30')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

describe('reservation card actions', () => {
  const future = { isNotDeletable: false, isNotCancelable: true, currentTime: null, checkInRequired: false };

  it('name their day after the word they show, so a list of cards has no two alike (WCAG 2.5.3)', () => {
    showCard({ ...future, date: '2026-12-01' });
    expect(
      screen.getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-label')]),
    ).toEqual([
      ['Delete', 'Delete reservation of Tue, 1 Dec 2026'],
      ['Edit', 'Edit reservation of Tue, 1 Dec 2026'],
    ]);
    cleanup();
    showCard({ isCheckInOpen: true, date: '2026-11-24' });
    expect(screen.getByRole('button', { name: 'Cancel reservation of Tue, 24 Nov 2026' })).toBeTruthy();
  });

  it('name their day in Hungarian too', async () => {
    i18next.addResourceBundle('hu-HU', 'application', withModelTexts('application', 'hu-HU', hungarian));
    await i18next.changeLanguage('hu-HU');
    try {
      showCard({ ...future, date: '2026-12-01' });
      const day = formatDayWithWeekday('2026-12-01', 'hu-HU');
      expect(day).toContain('kedd');
      expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
        `Törlés: ${day} foglalása`,
        `Szerkesztés: ${day} foglalása`,
      ]);
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  it('is an article named by its day, which the panel can focus without it being a tab stop', () => {
    showCard({ ...future, date: '2026-12-01' });
    const card = screen.getByRole('article', { name: 'Tue, 1 Dec 2026' });
    expect(card.getAttribute('tabindex')).toBe('-1');
  });
});
