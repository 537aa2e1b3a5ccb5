import type { Page } from '@playwright/test';
import { violationsOf } from './axe.ts';
import { reservationForm } from './controls.ts';
import { expect, signInToShell, test } from './fixtures.ts';

// Several server round trips each, on a machine the whole team shares.
test.slow();

const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';

/** A plate no other test or demo car uses. */
const uniquePlate = () => `E2E F${Date.now().toString(36).toUpperCase().slice(-5)}`;

/** The toasts on screen (notistack's container holds every one). */
const toasts = (page: Page) => page.locator('.notistack-SnackbarContainer');

async function speakHungarian(page: Page): Promise<void> {
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('ParkHere-config') ?? '{}');
    localStorage.setItem('ParkHere-config', JSON.stringify({ ...stored, i18n: 'hu-HU' }));
  });
  await page.reload();
}

test('the add-car form says in Hungarian, under the field, what a plate may hold; the toast names no field', async ({
  page,
}) => {
  await signInToShell(page, 'admin', PROFILE);
  await speakHungarian(page);
  await page.getByRole('button', { name: 'Autó hozzáadása' }).click();
  const dialog = page.getByRole('dialog', { name: 'Új autó' });
  const plate = dialog.getByLabel('Rendszám');

  // Item 16: an empty plate is the app's message under the field, not the browser's own bubble.
  await dialog.getByRole('button', { name: 'Mentés' }).click();
  await expect(plate).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('A mező kitöltése kötelező.')).toBeVisible();

  // Item 15: a bad plate says what is allowed and the limit.
  await plate.fill('!!');
  await dialog.getByRole('button', { name: 'Mentés' }).click();
  await expect(
    dialog.getByText(
      'Ékezet nélküli latin betűk (A–Z), számjegyek, szóközök és kötőjelek: 1–20 karakter, betűvel vagy számjeggyel az elején és a végén.',
    ),
  ).toBeVisible();
  await expect(dialog).not.toContainText('nem felel meg az elvárt mintának');

  // Item 13: one short toast in Hungarian, without the field's internal name.
  const toast = toasts(page)
    .getByText('Kérjük, ellenőrizze, hogy minden mezőt helyesen töltött-e ki.')
    .first();
  await expect(toast).toBeVisible();
  await expect(toasts(page)).not.toContainText('licensePlate');
  await expect(toasts(page)).not.toContainText('MISSING_REQUIRED_ATTRIBUTE');
  await dialog.getByRole('button', { name: 'Mégse' }).click();
});

test("the holiday form shows the app's message for a missing date, not the browser's bubble", async ({
  page,
}) => {
  await signInToShell(page, 'user', '/Services/Actor/UserHolidays/AccessViewPage');
  const form = page.getByRole('form', { name: 'New holiday' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This field is required.').first()).toBeVisible();
});

test("toasts sit at the top, clear of the form's actions, and a success closes the red one", async ({
  page,
}) => {
  await signInToShell(page, 'admin', PROFILE);
  await page.getByRole('button', { name: 'Add car' }).click();
  const dialog = page.getByRole('dialog', { name: 'New car' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await dialog.getByLabel('License plate').fill('!!');
  await save.click();
  const failure = toasts(page).getByText('Please make sure all fields are filled in correctly.');
  await expect(failure).toBeVisible();

  // Above the content, nowhere near the action row.
  const toastBox = await failure.boundingBox();
  const saveBox = await save.boundingBox();
  expect(toastBox).not.toBeNull();
  expect(saveBox).not.toBeNull();
  if (toastBox !== null && saveBox !== null) {
    expect(toastBox.y).toBeLessThan(120);
    expect(toastBox.y + toastBox.height).toBeLessThan(saveBox.y);
  }

  // A later success closes the stale error.
  const plate = uniquePlate();
  await dialog.getByLabel('License plate').fill(plate);
  await save.click();
  await expect(toasts(page).getByText('Saved.')).toBeVisible();
  await expect(failure).toHaveCount(0);

  // Leave the administrator's cars as they were.
  const row = page
    .getByTestId('data-table-ProfileSettings.cars')
    .locator('.MuiDataGrid-row', { hasText: plate });
  await row.getByLabel('Archive', { exact: true }).click();
  await expect(row.getByLabel('Unarchive')).toBeVisible();
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
});

test('a reservation quota fault says the limit in one sentence beside the form, without internal names or a dialog', async ({
  page,
}) => {
  // Reaching the quota for real would take the demo user's slots from the other specs: the server's answer
  // (its shape is the server's unit-tested one) is given to the form instead.
  await page.route('**/api/services/UserReservationPanel/reservation', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        'ParkHere::BusinessError': {
          errorCode: 'TOO_MANY_RESERVATION',
          message: 'At most 5 upcoming NORMAL reservations',
        },
        code: 'TOO_MANY_RESERVATION',
        details: { max: 5, reservationType: 'NORMAL' },
      }),
    }),
  );
  await signInToShell(page, 'user');
  await page.getByRole('button', { name: 'Reserve' }).click();
  const sentence = reservationForm(page).getByTestId('quota');
  await expect(sentence).toHaveText('You can hold at most 5 upcoming normal reservations.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(
    toasts(page).getByText(/TOO_MANY_RESERVATION|errorCode|At most 5 upcoming NORMAL/),
  ).toHaveCount(0);
  expect(await violationsOf(page, 'the quota sentence', '[data-testid="quota"]')).toBe('');
});

test('a stale or invalid link shows the not-found page, with no toast', async ({ page }) => {
  await signInToShell(page, 'admin', '/Services/Actor/ParkingGarages/AccessViewPage/not-a-real-id');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await expect(toasts(page).getByText('Please make sure all fields are filled in correctly.')).toHaveCount(0);
});
