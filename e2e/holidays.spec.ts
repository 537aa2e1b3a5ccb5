import { addDays, datesBetween, isWorkingDay, type LocalDate } from '@parkhere/contract';
import type { Locator } from '@playwright/test';
import { accessTokenOf, type Entity, reserveOnFirstFreeDay } from './api.ts';
import { appToday, cardDay, tableDay } from './clock.ts';
import { expect, signInToShell, test } from './fixtures.ts';

// Each test walks several server round trips on a machine the whole team shares.
test.slow();

const HOLIDAYS = '/Services/Actor/UserHolidays/AccessViewPage';

/**
 * Working days 8–13 days after the app's today, shuffled: inside the 14-day limit and clear of the other
 * specs' reservations of the same user (the next working days, and the long series from today over the
 * first days off), which the holiday would delete.
 */
const candidateDays = () =>
  datesBetween(addDays(appToday(), 8), addDays(appToday(), 13))
    .filter((day) => isWorkingDay(day))
    .sort(() => Math.random() - 0.5);

/** Types a date into a picker field section by section (en-US: month, day, year). */
async function typeDate(field: Locator, day: LocalDate): Promise<void> {
  const [year, month, dayOfMonth] = day.split('-');
  await field.getByRole('spinbutton', { name: 'Month' }).click();
  await field.page().keyboard.type(`${month}${dayOfMonth}${year}`);
}

test('a holiday deletes the conflicting reservation after confirmation', async ({ page, request }) => {
  await signInToShell(page, 'user', HOLIDAYS);
  const { day, reservation } = await reserveOnFirstFreeDay(request, await accessTokenOf(page), {
    days: candidateDays(),
    startTime: '10:00:00',
    endTime: '11:00:00',
  });
  const form = page.getByRole('form', { name: 'New holiday' });
  // A non-administrator books their own holiday: there is no user field.
  await expect(form.getByLabel('User')).toHaveCount(0);
  await expect(form.getByTestId('holiday-conflicts')).toHaveCount(0);

  await typeDate(form.getByRole('group', { name: 'Start date' }), day);
  await typeDate(form.getByRole('group', { name: 'End date' }), day);
  const conflicts = form.getByTestId('holiday-conflicts');
  // Other specs may hold reservations of the same user that day; ours is among the listed ones.
  await expect(
    conflicts.locator('.MuiDataGrid-row').filter({ hasText: '10:00 – 11:00' }).first(),
  ).toBeVisible();
  await expect(conflicts.locator('.MuiDataGrid-row [data-field="date"]').first()).toHaveText(tableDay(day));

  await form.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(/deletes (the )?\d+ reservation/);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Holiday saved.')).toBeVisible();
  await expect(page.getByTestId('holiday-card').filter({ hasText: cardDay(day) })).toBeVisible();

  const token = await accessTokenOf(page);
  const panel = await request.post('/api/services/Actor/userReservationPanel/~get', {
    headers: { Authorization: `Bearer ${token}` },
    data: { _mask: '{activeReservations{date}}' },
  });
  const active = ((await panel.json()).activeReservations ?? []) as Entity[];
  expect(active.map((row) => row.__identifier)).not.toContain(reservation.__identifier);

  // Deleting the holiday asks first and restores nothing.
  const card = page.getByTestId('holiday-card').filter({ hasText: cardDay(day) });
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(card).toHaveCount(0);
});

test('administrators choose the user of a holiday', async ({ page }) => {
  await signInToShell(page, 'admin', HOLIDAYS);
  const form = page.getByRole('form', { name: 'New holiday' });
  await expect(form.getByRole('combobox', { name: 'User' })).toBeVisible();
  await form.getByRole('combobox', { name: 'User' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(await page.getByRole('option').count()).toBeGreaterThan(1);
});
