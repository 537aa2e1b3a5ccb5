import type { Locator, Page } from '@playwright/test';
import { expect, signInToShell, test } from './fixtures.ts';

// Each test walks several server round trips on a machine the whole team shares.
test.slow();

const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';

/** A plate no other test or demo car uses. */
const uniquePlate = () => `E2E ${Date.now().toString(36).toUpperCase().slice(-6)}`;

const carsTable = (page: Page) => page.getByTestId('data-table-ProfileSettings.cars');
const carRow = (page: Page, plate: string) => carsTable(page).locator('.MuiDataGrid-row', { hasText: plate });

/** The Yes / No mark of a flag column in a row. */
const flag = (row: Locator, field: string) => row.locator(`[data-field="${field}"]`).getByRole('img');

async function addCar(page: Page, plate: string): Promise<void> {
  await page.getByRole('button', { name: 'Add car' }).click();
  const dialog = page.getByRole('dialog', { name: 'New car' });
  await dialog.getByLabel('License plate').fill(plate);
  await dialog.getByLabel('Manufacturer').fill('Skoda');
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test('a car is added, made the favourite, archived and deleted', async ({ page }) => {
  await signInToShell(page, 'user', PROFILE);
  const plate = uniquePlate();
  await addCar(page, plate);
  await expect(page.getByRole('dialog', { name: 'New car' })).toBeHidden();
  const row = carRow(page, plate);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-field="manufacturer"]')).toHaveText('Skoda');

  await row.getByLabel('Make favourite').click();
  await expect(row.getByLabel('Make favourite')).toHaveCount(0);
  await expect(flag(row, 'isFavorite')).toHaveAccessibleName('Yes');
  // One favourite per user: no other row keeps the mark.
  await expect(
    carsTable(page).locator('[data-field="isFavorite"]').getByRole('img', { name: 'Yes' }),
  ).toHaveCount(1);

  await row.getByLabel('Archive').click();
  await expect(flag(row, 'isArchived')).toHaveAccessibleName('Yes');
  await expect(row.getByLabel('Archive')).toHaveCount(0);

  await row.getByLabel('Delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(carRow(page, plate)).toHaveCount(0);
  await page.reload();
  await expect(carsTable(page).locator('.MuiDataGrid-row').first()).toBeVisible();
  await expect(carRow(page, plate)).toHaveCount(0);
});

test('a bad plate shows the error on its field and saves nothing', async ({ page }) => {
  await signInToShell(page, 'user', PROFILE);
  await addCar(page, '!!');
  const dialog = page.getByRole('dialog', { name: 'New car' });
  const field = dialog.getByLabel('License plate');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('.MuiFormHelperText-root.Mui-error')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(carRow(page, '!!')).toHaveCount(0);
});

test('the preferred slot is cleared and set again', async ({ page }) => {
  await signInToShell(page, 'user', PROFILE);
  const section = page.getByRole('region', { name: 'Preferred parking slot' });
  const input = section.getByLabel('Parking slot');
  await expect(input).not.toHaveValue('');
  const clear = section.getByRole('button', { name: 'Clear', exact: true });
  await clear.click();
  await expect(input).toHaveValue('');
  await expect(clear).toBeDisabled();

  await input.click();
  const option = page.getByRole('option').nth(1);
  const chosen = (await option.textContent()) ?? '';
  await option.click();
  await section.getByRole('button', { name: 'Set', exact: true }).click();
  await expect(clear).toBeEnabled();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Preferred parking slot' }).getByLabel('Parking slot'),
  ).toHaveValue(chosen);
});

test('saving the profile writes the changed fields', async ({ page }) => {
  // The doorman's working hours feed no other spec's reservation defaults.
  await signInToShell(page, 'doorman', PROFILE);
  const end = page.getByLabel('End of working time');
  await expect(end).not.toHaveValue('');
  const save = page.getByRole('button', { name: 'Save', exact: true }).first();
  await end.fill('16:30');
  await save.click();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('End of working time')).toHaveValue('16:30');
  // Users see their reservation types but cannot change them.
  await expect(page.getByLabel('Quick reservation')).toBeDisabled();
});
