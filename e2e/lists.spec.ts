import { DEFAULT_TIME_ZONE, wallClockAt } from '@parkhere/contract';
import type { Locator } from '@playwright/test';
import { accessTokenOf, reserveOnFirstFreeDay } from './api.ts';
import { appNow } from './clock.ts';
import { favouritePlateOf } from './controls.ts';
import { expect, signIn, signInToShell, test } from './fixtures.ts';

// Issue 14, items 24, 25, 27 and 29: lists, cars and administration items as a user sees them.

test('an account outside the allowed domains is told so, not that its account is being processed', async ({
  page,
}) => {
  await signIn(page, 'stranger');
  await expect(page.getByText('Domain not allowed')).toBeVisible();
  await expect(page.getByText("Your email address's domain is not allowed to use ParkHere.")).toBeVisible();
  await expect(page.getByText('Processing of your account is still in progress.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.locator('input[name=login]')).toBeVisible();
});

test("the doormen table shows each doorman's garages; the garages dialog has one Save and Cancel pair", async ({
  page,
}) => {
  await signInToShell(page, 'admin', '/Services/Actor/ConfigurationSettings/AccessViewPage');
  // The demo doorman guards the first demo garage.
  const row = page.getByRole('row').filter({ hasText: 'doorman@parkhere.example' });
  await expect(row).toContainText('HQ Garage');
  await expect(page.getByRole('columnheader', { name: 'Assigned garages' })).toBeVisible();
  await row.getByRole('button', { name: 'Assigned garages' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a cancelled reservation reads "Cancelled" with the times it was booked for, not "Expired 10:11–10:11"', async ({
  page,
  request,
}) => {
  // The server decides what is in progress: start in the current minute, clear of a minute change.
  const seconds = appNow().getSeconds();
  if (seconds > 45) {
    await page.waitForTimeout((61 - seconds) * 1000);
  }
  const now = wallClockAt(appNow(), DEFAULT_TIME_ZONE);
  const [hours = 0, minutes = 0] = now.time.split(':').map(Number);
  const start = now.time.slice(0, 5);
  const end = `${String(hours + 1).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  // An administrator, as the other in-progress spec: the demo user may hold today's hours already.
  await signInToShell(page, 'admin');
  const token = await accessTokenOf(page);
  const { reservation } = await reserveOnFirstFreeDay(request, token, {
    days: [now.date],
    startTime: `${start}:00`,
    endTime: `${end}:00`,
    pick: (slots) => slots.at(-1),
  });
  const cancelled = await request.post('/api/services/UserReservation/cancelReservation', {
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Judo-SignedIdentifier': String(reservation.__signedIdentifier),
    },
    data: {},
  });
  expect(cancelled.ok()).toBe(true);
  await page.reload();
  const row = page
    .getByRole('row')
    .filter({ hasText: `${start}–${end}` })
    .filter({ hasText: 'Cancelled' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`cancelled at ${start}`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Expired` })
      .filter({ hasText: `${start}–${start}` }),
  ).toHaveCount(0);
});

test('cars: archiving clears the favourite and can be undone; every row has its actions in the same places', async ({
  page,
}) => {
  // The doorman's cars: no other spec changes them. Their favourite is given back at the end.
  await signInToShell(page, 'doorman', '/Services/Actor/ProfileSettings/AccessViewPage');
  const table = page.getByTestId('data-table-ProfileSettings.cars');
  const rowOf = (plate: string) => table.locator('.MuiDataGrid-row', { hasText: plate });
  const favouriteMark = (row: Locator) => row.locator('[data-field="isFavorite"]').getByRole('img');
  await expect(table.locator('.MuiDataGrid-row, .MuiDataGrid-overlay').first()).toBeVisible();
  const previousFavourite = await favouritePlateOf(table);

  const plate = `L14 ${Date.now().toString(36).toUpperCase().slice(-5)}`;
  await page.getByRole('button', { name: 'Add car' }).click();
  const dialog = page.getByRole('dialog', { name: 'New car' });
  // The first field's floating label is inside the dialog's scrolling content, not cut by its top edge.
  await expect(dialog.getByLabel('License plate')).toBeFocused();
  const content = await dialog.locator('.MuiDialogContent-root').boundingBox();
  const label = await dialog.locator('label', { hasText: 'License plate' }).boundingBox();
  expect(label?.y ?? 0, JSON.stringify({ label, content })).toBeGreaterThanOrEqual(content?.y ?? 1e9);
  await dialog.getByLabel('License plate').fill(plate);
  await dialog.getByLabel('Favourite').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(plate);
  await expect(favouriteMark(row)).toHaveAccessibleName('Yes');

  // Every row: Edit, Make favourite, then Archive or Unarchive, then the rest under ⋮.
  for (const each of await table.locator('.MuiDataGrid-row').all()) {
    const labels = await each
      .locator('[data-field="__actions"] button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(labels[0]).toBe('Edit');
    expect(labels[1]).toBe('Make favourite');
    expect(['Archive', 'Unarchive']).toContain(labels[2]);
    expect(labels[3]).toBe('More actions');
  }

  await row.getByLabel('Archive', { exact: true }).click();
  await expect(favouriteMark(row)).toHaveAccessibleName('No');
  await expect(row.locator('[data-field="isArchived"]').getByRole('img')).toHaveAccessibleName('Yes');
  await row.getByLabel('Unarchive').click();
  await expect(row.locator('[data-field="isArchived"]').getByRole('img')).toHaveAccessibleName('No');
  await expect(row.getByLabel('Archive', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(rowOf(plate)).toHaveCount(0);
  if (previousFavourite !== '') {
    await rowOf(previousFavourite).getByLabel('Make favourite').click();
    await expect(favouriteMark(rowOf(previousFavourite))).toHaveAccessibleName('Yes');
  }
});
