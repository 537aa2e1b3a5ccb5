import { addDays, datesBetween, isWorkingDay } from '@parkhere/contract';
import { acceptedApiOf, accessTokenOf, apiOf, type Entity, reserveOnFirstFreeDay } from './api.ts';
import { appToday } from './clock.ts';
import { openRelated, typeDate } from './controls.ts';
import { chooseEnglish, expect, PNG, signInToShell, test } from './fixtures.ts';

// Several pages and server round trips each, on a machine the whole team shares.
test.slow();

const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';
const GARAGES = '/Services/Actor/ParkingGarages/AccessTablePage';

test('a user reaches their cars and preferred slot from the profile as relation pages, and no one else’s', async ({
  page,
  browser,
  request,
}) => {
  await signInToShell(page, 'user', PROFILE);
  await openRelated(page, 'Cars');
  await expect(page).toHaveURL(/\/Services\/ProfileSettings\/Cars\/RelationTablePage\/.+/);
  await expect(page.getByRole('heading', { name: 'Cars', level: 1 })).toBeVisible();
  await expect(page.getByText('This page is not available yet.')).toHaveCount(0);
  const token = await accessTokenOf(page);
  const api = apiOf(request, token);
  const cars = await api('ProfileSettings/cars/~list', { _mask: '{licensePlate}' });
  const plates = (cars.body as Entity[]).map((car) => String(car.licensePlate));
  expect(plates.length).toBeGreaterThan(0);
  for (const plate of plates) {
    await expect(page.locator('.MuiDataGrid-row').filter({ hasText: plate })).toHaveCount(1);
  }
  const carsAddress = page.url();

  await page.goto(PROFILE);
  await openRelated(page, 'Preferred Parking Slot');
  await expect(page).toHaveURL(/\/Services\/ProfileSettings\/PreferedParkingSlot\/RelationViewPage\/.+/);
  await expect(page.getByRole('heading', { name: /^Preferred Parking Slot/ })).toBeVisible();

  // Another user following the address sees none of these cars: the server answers 404 for a profile that
  // is not theirs, and the page says so.
  const otherContext = await browser.newContext();
  await chooseEnglish(otherContext);
  const other = await otherContext.newPage();
  await signInToShell(other, 'quick', new URL(carsAddress).pathname);
  await expect(other.getByRole('heading', { name: 'Cars', level: 1 })).toBeVisible();
  await expect(other.getByText('The items could not be loaded.')).toBeVisible();
  for (const plate of plates) {
    await expect(other.getByText(plate)).toHaveCount(0);
  }
  await otherContext.close();
});

test('an administrator opens a garage’s slots as a relation table and a slot’s garage as a relation view', async ({
  page,
}) => {
  await signInToShell(page, 'admin', GARAGES);
  const garageRow = page.locator('.MuiDataGrid-row').filter({ hasText: 'HQ Garage' });
  await garageRow.getByLabel('View', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Parking Garage: HQ Garage' })).toBeVisible();

  await openRelated(page, 'Parking Slots of the Garage');
  await expect(page).toHaveURL(/\/Services\/ParkingGarageSettings\/ParkingSlots\/RelationTablePage\/.+/);
  await expect(page.getByRole('heading', { name: 'Parking Slots of the Garage' })).toBeVisible();
  const firstSlot = page.locator('.MuiDataGrid-row').first();
  await expect(firstSlot).toContainText('HQ Garage');
  // The slot's own relation page: its garage, by the slot's signed identifier.
  await firstSlot.getByLabel('Parking Garage of the Slot', { exact: true }).click();
  await expect(page).toHaveURL(/\/Services\/ParkingSlotSettings\/ParkingGarage\/RelationViewPage\/.+/);
  await expect(page.getByRole('heading', { name: 'Parking Garage of the Slot: HQ Garage' })).toBeVisible();
});

test('the user’s holidays and reservations open from the dashboard as relation tables', async ({ page }) => {
  await signInToShell(page, 'user', '/');
  await openRelated(page, 'Active Reservations');
  await expect(page).toHaveURL(/\/Services\/UserReservationPanel\/ActiveReservations\/RelationTablePage\/.+/);
  await expect(page.getByRole('heading', { name: 'Active Reservations' })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByText('The items could not be loaded.')).toHaveCount(0);
});

test('the holiday conflict table pages by 10 or 50 and deletes a conflicting reservation from its row', async ({
  page,
  request,
}) => {
  await signInToShell(page, 'user', '/Services/Actor/UserHolidays/AccessViewPage');
  const days = datesBetween(addDays(appToday(), 8), addDays(appToday(), 13))
    .filter((day) => isWorkingDay(day))
    .sort(() => Math.random() - 0.5);
  const { day } = await reserveOnFirstFreeDay(request, await accessTokenOf(page), {
    days,
    startTime: '15:10:00',
    endTime: '15:40:00',
  });
  const form = page.getByRole('form', { name: 'New holiday' });
  await typeDate(form.getByRole('group', { name: 'Start date' }), day);
  await typeDate(form.getByRole('group', { name: 'End date' }), day);
  const conflicts = form.getByTestId('holiday-conflicts');
  const mine = conflicts.locator('.MuiDataGrid-row').filter({ hasText: '15:10 – 15:40' });
  await expect(mine).toHaveCount(1);

  await conflicts.getByRole('combobox', { name: /Rows per page/ }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['10', '50']);
  await page.keyboard.press('Escape');

  await mine.getByLabel('Delete', { exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Reservation deleted.')).toBeVisible();
  await expect(mine).toHaveCount(0);
});

test('a floor plan downloads under its own name from its cell and from the viewer', async ({
  page,
  request,
}) => {
  await signInToShell(page, 'admin', GARAGES);
  // A garage and slot of their own, so that no other spec sees a floor plan appear.
  const suffix = `${Date.now() % 1_000_000}`;
  const post = acceptedApiOf(request, await accessTokenOf(page));
  const garage = await post('Actor/~update/parkingGarages/~create', { name: `Download Garage ${suffix}` });
  await post('Actor/~update/parkingSlots/~create', { name: `DL-${suffix}`, floor: 1, parkingGarage: garage });

  await page.goto(
    `/Services/ParkingGarageSettings/ParkingSlots/RelationTablePage/${garage.__signedIdentifier}`,
  );
  const row = page.locator('.MuiDataGrid-row').filter({ hasText: `DL-${suffix}` });
  await row
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Saved.').first()).toBeVisible();

  const fromCell = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download Floor plan' }).click();
  expect((await fromCell).suggestedFilename()).toBe('plan.png');

  await row.getByRole('button', { name: 'plan.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'plan.png' });
  const fromViewer = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  expect((await fromViewer).suggestedFilename()).toBe('plan.png');
});
