import type { Locator, Page } from '@playwright/test';
import { favouritePlateOf, pickerText, typeTime } from './controls.ts';
import { chooseEnglish, expect, signInToShell, test } from './fixtures.ts';

// Each test walks several server round trips on a machine the whole team shares.
test.slow();

const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';

/** A plate no other test or demo car uses. */
const uniquePlate = () => `E2E ${Date.now().toString(36).toUpperCase().slice(-6)}`;

const carsTable = (page: Page) => page.getByTestId('data-table-ProfileSettings.cars');
const carRow = (page: Page, plate: string) => carsTable(page).locator('.MuiDataGrid-row', { hasText: plate });

/** The Yes / No mark of a flag column in a row. */
const flag = (row: Locator, field: string) => row.locator(`[data-field="${field}"]`).getByRole('img');

/** Makes the car of `plate` the favourite again, as the demo data has it ('' when there was none). */
async function restoreFavourite(page: Page, plate: string): Promise<void> {
  if (plate !== '') {
    await carRow(page, plate).getByLabel('Make favourite').click();
    await expect(flag(carRow(page, plate), 'isFavorite')).toHaveAccessibleName('Yes');
  }
}

async function addCar(page: Page, plate: string): Promise<void> {
  await page.getByRole('button', { name: 'Add car' }).click();
  const dialog = page.getByRole('dialog', { name: 'New car' });
  await dialog.getByLabel('License plate').fill(plate);
  await dialog.getByLabel('Manufacturer').fill('Skoda');
  await dialog.getByRole('button', { name: 'Save' }).click();
}

test('a car is added, made the favourite, archived and deleted', async ({ page }) => {
  // The administrator's cars: the dashboard spec relies on the user's favourite car while this runs.
  await signInToShell(page, 'admin', PROFILE);
  await expect(carsTable(page).locator('.MuiDataGrid-row, .MuiDataGrid-overlay').first()).toBeVisible();
  const previousFavourite = await favouritePlateOf(carsTable(page));
  const plate = uniquePlate();
  await addCar(page, plate);
  await expect(page.getByRole('dialog', { name: 'New car' })).toBeHidden();
  const row = carRow(page, plate);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-field="manufacturer"]')).toHaveText('Skoda');

  await row.getByLabel('Make favourite').click();
  // Disabled, not hidden: every row keeps its actions in the same places.
  await expect(row.getByLabel('Make favourite')).toBeDisabled();
  await expect(flag(row, 'isFavorite')).toHaveAccessibleName('Yes');
  // One favourite per user: no other row keeps the mark.
  await expect(
    carsTable(page).locator('[data-field="isFavorite"]').getByRole('img', { name: 'Yes' }),
  ).toHaveCount(1);
  // Give the administrator their favourite back at once: a reservation form that opens meanwhile (other specs
  // reserve as the administrator) preselects the favourite, and with none among several cars it preselects none.
  await restoreFavourite(page, previousFavourite);

  await row.getByLabel('Archive').click();
  await expect(flag(row, 'isArchived')).toHaveAccessibleName('Yes');
  await expect(row.getByLabel('Archive', { exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(carRow(page, plate)).toHaveCount(0);
  await page.reload();
  await expect(carsTable(page).locator('.MuiDataGrid-row').first()).toBeVisible();
  await expect(carRow(page, plate)).toHaveCount(0);

  // The favourite given back is still the one after the new car's deletion.
  if (previousFavourite !== '') {
    await expect(flag(carRow(page, previousFavourite), 'isFavorite')).toHaveAccessibleName('Yes');
  }
});

test('a bad plate shows the error on its field and saves nothing', async ({ page }) => {
  await signInToShell(page, 'admin', PROFILE);
  await addCar(page, '!!');
  const dialog = page.getByRole('dialog', { name: 'New car' });
  const field = dialog.getByLabel('License plate');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('.MuiFormHelperText-root.Mui-error')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(carRow(page, '!!')).toHaveCount(0);
});

test('the preferred slot is set and cleared', async ({ page }) => {
  // The administrator's: the dashboard spec relies on the user's preferred slot while this runs.
  await signInToShell(page, 'admin', PROFILE);
  const section = () => page.getByRole('region', { name: 'Preferred parking slot' });
  const input = () => section().getByLabel('Parking slot');
  const choose = async (): Promise<string> => {
    await expect(input()).toBeEnabled();
    await section().getByRole('button', { name: 'Open' }).click();
    // Any slot but the one set now, so Set has something to store.
    const option = page.getByRole('option', { selected: false }).first();
    await expect(option).toBeVisible();
    const chosen = (await option.textContent()) ?? '';
    await option.click();
    await section().getByRole('button', { name: 'Set', exact: true }).click();
    await expect(section().getByRole('button', { name: 'Remove', exact: true })).toBeEnabled();
    return chosen;
  };

  const chosen = await choose();
  await page.reload();
  await expect(input()).toHaveValue(chosen);

  await section().getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(input()).toHaveValue('');
  await expect(section().getByRole('button', { name: 'Remove', exact: true })).toBeDisabled();
  await page.reload();
  await expect(input()).toBeEnabled();
  await expect(input()).toHaveValue('');
  await expect(section().getByRole('button', { name: 'Remove', exact: true })).toBeDisabled();

  // Leave the administrator with a preferred slot, as the demo data has it.
  await choose();
});

// The doorman's working hours feed no other spec's reservation defaults; both tests save them, one after the other.

/** A working-hours field: the app's 24-hour time picker (issue 14, item 18), read and typed section by section. */
const workingTime = (page: Page, which: 'Start' | 'End') =>
  page.getByRole('group', { name: `${which} of working time` });
const TIME = /^\d{2}:\d{2}$/;

/**
 * Saves the profile and waits for the server's answer, not only for Save to turn disabled: it is disabled while
 * the save is on its way too, and a page closed or reloaded then drops the save (a clean-clone CI saw the other
 * tab's change never stored, so the first tab's save met no conflict).
 */
async function saveProfile(page: Page): Promise<void> {
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/~update'),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Save', exact: true }).first()).toBeDisabled();
}

test.describe("the doorman's own profile", () => {
  test.describe.configure({ mode: 'serial' });

  test('a profile changed elsewhere is not overwritten, and a reload is offered', async ({
    page,
    browser,
  }) => {
    await signInToShell(page, 'doorman', PROFILE);
    await expect(pickerText(workingTime(page, 'Start'))).toHaveText(TIME);

    const elsewhere = await browser.newContext();
    await chooseEnglish(elsewhere);
    const other = await elsewhere.newPage();
    await signInToShell(other, 'doorman', PROFILE);
    await expect(pickerText(workingTime(other, 'End'))).toHaveText(TIME);
    const otherEnd =
      (await pickerText(workingTime(other, 'End')).textContent()) === '17:30' ? '17:45' : '17:30';
    await typeTime(workingTime(other, 'End'), otherEnd);
    await saveProfile(other);
    await elsewhere.close();

    await typeTime(workingTime(page, 'Start'), '08:15');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    const conflict = page.getByRole('alert').filter({ hasText: 'changed elsewhere' });
    await expect(conflict).toBeVisible();
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect(conflict).toBeHidden();
    await expect(pickerText(workingTime(page, 'End'))).toHaveText(otherEnd);
    await expect(pickerText(workingTime(page, 'Start'))).not.toHaveText('08:15');
  });

  test('saving the profile writes the changed fields', async ({ page }) => {
    await signInToShell(page, 'doorman', PROFILE);
    const end = workingTime(page, 'End');
    await expect(pickerText(end)).toHaveText(TIME);
    await typeTime(end, '16:30');
    await saveProfile(page);
    await page.reload();
    await expect(pickerText(workingTime(page, 'End'))).toHaveText('16:30');
    // Users see their reservation types but cannot change them.
    await expect(page.getByLabel('Quick reservation')).toBeDisabled();
  });
});
