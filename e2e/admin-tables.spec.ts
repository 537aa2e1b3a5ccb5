import type { Page } from '@playwright/test';
import { acceptedApiOf, accessTokenOf } from './api.ts';
import { violationsOf } from './axe.ts';
import { filterTable } from './controls.ts';
import { expect, PNG, signInToShell, test } from './fixtures.ts';

const SLOTS = '/Services/Actor/ParkingSlots/AccessTablePage';

/** The texts of one column's cells, in row order. */
const columnTexts = (page: Page, field: string) =>
  page.locator(`.MuiDataGrid-row [data-field="${field}"]`).allTextContents();

async function openSlots(page: Page): Promise<void> {
  await signInToShell(page, 'admin', SLOTS);
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
}

test('a like filter on the slots table survives a reload', async ({ page }) => {
  await openSlots(page);
  await expect(await filterTable(page, 'B-00')).toBeHidden();

  const onlyB00 = async () => {
    const names = await columnTexts(page, 'aggregaredName');
    return names.length > 0 && names.every((name: string) => name.includes('B-00'));
  };
  const chip = page.getByRole('button', { name: 'Parking slot contains B-00' });
  await expect(chip).toBeVisible();
  await expect.poll(onlyB00).toBe(true);

  await page.reload();
  // A reload signs in silently and fetches the grid's chunk again: slow on a busy machine.
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(chip).toBeVisible();
  await expect.poll(onlyB00).toBe(true);
});

test('sorting by a column changes the order, asc then desc', async ({ page }) => {
  await openSlots(page);
  const floors = async () => (await columnTexts(page, 'floor')).map(Number);
  // By its field: the header's name grows with its sort button, and "Floor plan" starts the same.
  const header = page.locator('[role="columnheader"][data-field="floor"]');
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => (await floors()).every((floor, i, all) => i === 0 || (all[i - 1] ?? floor) <= floor))
    .toBe(true);
  const lowest = (await floors())[0] ?? 0;
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await floors())[0]).toBeGreaterThan(lowest);
  await expect
    .poll(async () => (await floors()).every((floor, i, all) => i === 0 || (all[i - 1] ?? floor) >= floor))
    .toBe(true);
});

test('an inline edit with a bad value shows the error on the cell and saves nothing', async ({ page }) => {
  await openSlots(page);
  const firstRow = page.locator('.MuiDataGrid-row').first();
  await expect(firstRow.locator('[data-field="name"]')).toHaveText(/\S/);
  const before = await firstRow.locator('[data-field="name"]').textContent();
  await firstRow.getByLabel('Edit', { exact: true }).click();
  const editing = page.locator('.MuiDataGrid-row--editing');
  // Each editor of the row is named by its column, for a screen reader and for axe.
  await expect(editing.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
  expect(await violationsOf(page, 'slots table, a row in edit', '.MuiDataGrid-row--editing')).toBe('');
  // A flag's editor, named by its column, changes the row's value (the edit is cancelled below).
  const nextToWall = editing.getByRole('checkbox', { name: 'Next to wall', exact: true });
  const wasNextToWall = await nextToWall.isChecked();
  await nextToWall.click();
  await expect(nextToWall).toBeChecked({ checked: !wasNextToWall });
  await editing.locator('[data-field="name"] input').fill('x'.repeat(60));
  await editing.getByLabel('Save', { exact: true }).click();

  const cell = editing.locator('[data-field="name"]');
  await expect(cell).toHaveClass(/data-table-cell--error/);
  await cell.locator('.data-table-cell-error').hover();
  await expect(page.getByRole('tooltip')).toHaveText('The value is too long.');

  await editing.getByLabel('Cancel', { exact: true }).click();
  await page.reload();
  await expect(page.locator('.MuiDataGrid-row').first().locator('[data-field="name"]')).toHaveText(
    before ?? '',
  );
});

test('a floor plan uploaded in the slots table shows by name and opens in the inline viewer', async ({
  page,
  request,
}) => {
  test.slow();
  await openSlots(page);
  // A slot of its own, so that no other spec sees its floor plan change.
  const suffix = `${Date.now() % 1_000_000}`;
  const post = acceptedApiOf(request, await accessTokenOf(page));
  const garage = await post('Actor/~update/parkingGarages/~create', { name: `Plan Garage ${suffix}` });
  const slotName = `FP-${suffix}`;
  await post('Actor/~update/parkingSlots/~create', { name: slotName, floor: 1, parkingGarage: garage });

  await filterTable(page, slotName);
  const row = page.locator('.MuiDataGrid-row').filter({ hasText: slotName });
  await expect(row).toHaveCount(1);
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);

  await row
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'level 1.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await row.getByRole('button', { name: 'level 1.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'level 1.png' });
  // An image is shown as an image, never framed with the app's origin.
  await expect(viewer.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(viewer.locator('iframe')).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // Stored on the slot, not just shown: a reload reads it back.
  await page.reload();
  await expect(
    page
      .locator('.MuiDataGrid-row')
      .filter({ hasText: slotName })
      .getByRole('button', { name: 'level 1.png' }),
  ).toBeVisible({ timeout: 30_000 });
});

test('a user who opens the slots table gets the permission page and no slot data', async ({ page }) => {
  const lists: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/services/Actor/parkingSlots/')) {
      lists.push(request.url());
    }
  });
  await signInToShell(page, 'user', SLOTS);
  await expect(page.getByRole('alert').getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.locator('.MuiDataGrid-root')).toHaveCount(0);
  expect(lists).toEqual([]);
});
