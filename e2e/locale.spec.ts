import {
  addDays,
  DEFAULT_TIME_ZONE,
  datesBetween,
  formatDayWithWeekday,
  isWorkingDay,
  wallClockAt,
} from '@parkhere/contract';
import type { Page } from '@playwright/test';
import { accessTokenOf, reserveOnFirstFreeDay } from './api.ts';
import { appNow, appToday } from './clock.ts';
import { expect, profileButton, signInToShell, test } from './fixtures.ts';

const RESERVATIONS = '/Services/Actor/ReservationsAccess/AccessViewPage';
const ARRIVALS = '/Services/Actor/DoormanArrivals/AccessViewPage';
const HUNGARIAN_DAY = /^\d{4}\. \d{2}\. \d{2}\.$/;
const WEEKDAY = '(hétfő|kedd|szerda|csütörtök|péntek|szombat|vasárnap)';

/** Switches the interface to Hungarian through the profile menu, as a person would. */
async function switchToHungarian(page: Page): Promise<void> {
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Magyar' }).click();
  await expect(page.getByRole('navigation', { name: 'Főmenü' })).toBeVisible();
}

test('in Hungarian, a card names its weekday and the tables write Hungarian dates, times and paging', async ({
  page,
  request,
}) => {
  await signInToShell(page, 'admin', '/');
  const token = await accessTokenOf(page);
  // Days no other spec books for the administrator, late in the evening: the row is this test's own.
  const { day, reservation } = await reserveOnFirstFreeDay(request, token, {
    days: datesBetween(addDays(appToday(), 9), addDays(appToday(), 13)).filter((date) => isWorkingDay(date)),
    startTime: '19:10:00',
    endTime: '19:55:00',
  });
  try {
    // The dashboard was loaded before the reservation was made.
    await page.reload();
    await switchToHungarian(page);
    const card = page.getByTestId('reservation-card').filter({ hasText: formatDayWithWeekday(day, 'hu-HU') });
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(
      new RegExp(`^\\d{4}\\. \\d{2}\\. \\d{2}\\. \\(${WEEKDAY}\\)$`),
    );

    await page.goto(RESERVATIONS);
    // The upcoming reservations' table: it holds this test's row.
    const mine = page.locator('.MuiDataGrid-row').filter({ hasText: '19:10' }).filter({ hasText: '19:55' });
    const grid = page.locator('.MuiDataGrid-root').filter({ has: mine }).first();
    const row = grid
      .locator('.MuiDataGrid-row')
      .filter({ has: page.locator('[data-field="startTime"]', { hasText: '19:10' }) })
      .first();
    await expect(row.locator('[data-field="date"]')).toHaveText(HUNGARIAN_DAY, { timeout: 30_000 });
    await expect(row.locator('[data-field="startTime"]')).toHaveText('19:10');
    await expect(grid.locator('.MuiTablePagination-displayedRows')).toHaveText(/^\d+–\d+ \/ \d+$/);
  } finally {
    await request.post('/api/services/UserReservation/deleteReservation', {
      headers: {
        Authorization: `Bearer ${token}`,
        'X-Judo-SignedIdentifier': String(reservation.__signedIdentifier),
      },
    });
  }
});

test.describe('on a device in another zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('Arrivals says when it was updated on the configured clock, in 24-hour time', async ({ page }) => {
    await signInToShell(page, 'doorman', ARRIVALS);
    const updated = page.getByText(/^Updated at /);
    await expect(updated).toHaveText(/^Updated at \d{2}:\d{2}:\d{2}, refreshed every 30 seconds\.$/);
    const shown = /(\d{2}):(\d{2}):(\d{2})/.exec((await updated.textContent()) ?? '');
    const [hours, minutes] = wallClockAt(appNow(), DEFAULT_TIME_ZONE).time.split(':').map(Number);
    const minutesOf = (h: number, m: number) => h * 60 + m;
    // The configured zone's clock (Budapest), not New York's, within the minutes a slow machine may take.
    const difference =
      minutesOf(hours ?? 0, minutes ?? 0) - minutesOf(Number(shown?.[1]), Number(shown?.[2]));
    expect(Math.abs(difference)).toBeLessThanOrEqual(2);

    await switchToHungarian(page);
    await expect(page.getByText(/^Frissítve: \d{2}:\d{2}:\d{2}, /)).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^Érkezők, \\d{4}\\. \\d{2}\\. \\d{2}\\. \\(${WEEKDAY}\\)$`)),
    ).toBeVisible();
  });
});
