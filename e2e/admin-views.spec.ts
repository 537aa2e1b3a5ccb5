import { addDays, datesBetween, isWeekend } from '@parkhere/contract';
import { accessTokenOf, apiOf, guestArrivalToday, reserveOnFirstFreeDay } from './api.ts';
import { appToday } from './clock.ts';
import { filterTable, typeDate } from './controls.ts';
import { chooseEnglish, expect, pinClock, signInToShell, test } from './fixtures.ts';

// Several pages and server round trips each, on a machine the whole team shares.
test.slow();

const GARAGES = '/Services/Actor/ParkingGarages/AccessTablePage';
const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';
const ARRIVALS = '/Services/Actor/DoormanArrivals/AccessViewPage';

const pad = (value: number) => String(value).padStart(2, '0');

/** Weekdays 2–12 days after the app's today: working days for non-administrators, inside the 14-day limit. */
const weekdaysAhead = () =>
  datesBetween(addDays(appToday(), 2), addDays(appToday(), 12)).filter((day) => !isWeekend(day));

test('an administrator creates a garage with a slot and gives a user access; the user then reserves there', async ({
  browser,
  page,
  request,
}) => {
  const suffix = `${Date.now() % 1_000_000}`;
  const garageName = `E2E Garage ${suffix}`;
  await signInToShell(page, 'admin', GARAGES);
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add' }).click();
  const newGarage = page.locator('.MuiDataGrid-row--editing');
  await newGarage.locator('[data-field="name"] input').fill(garageName);
  await newGarage.getByLabel('Save', { exact: true }).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();

  // Open the new garage's view from its row.
  await filterTable(page, garageName);
  const garageRow = page.locator('.MuiDataGrid-row').filter({ hasText: garageName });
  await expect(garageRow).toHaveCount(1);
  await garageRow.getByLabel('View', { exact: true }).click();
  await expect(page.getByRole('heading', { name: `Parking Garage: ${garageName}` })).toBeVisible();

  // A slot added inside the garage's view belongs to that garage: there is no garage to pick.
  const slots = page.getByRole('region', { name: 'Parking slots' });
  await expect(slots.getByText('No items to show.')).toBeVisible();
  await slots.getByRole('button', { name: 'Add' }).click();
  const newSlot = slots.locator('.MuiDataGrid-row--editing');
  await expect(newSlot.locator('[data-field="parkingGarage"]')).toHaveCount(0);
  await newSlot.locator('[data-field="name"] input').fill('E-1');
  await newSlot.locator('[data-field="floor"] input').fill('2');
  await newSlot.getByLabel('Save', { exact: true }).click();
  await expect(
    slots.locator('.MuiDataGrid-row').filter({ hasText: `E-1 / 2 (${garageName})` }),
  ).toBeVisible();
  await expect(slots.locator('.MuiDataGrid-row')).toHaveCount(1);
  await expect(slots.getByText('1–1 of 1')).toBeVisible();
  // Its floor plan is uploaded right there and shows by name.
  const slotRow = slots.locator('.MuiDataGrid-row').filter({ hasText: 'E-1' });
  await slotRow.getByLabel('Choose a file').setInputFiles({
    name: 'e1-plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(slotRow.getByRole('button', { name: 'e1-plan.pdf' })).toBeVisible();

  const access = page.getByRole('group', { name: 'Users with access' });
  await access.getByRole('combobox').click();
  await page.getByRole('option', { name: 'user@parkhere.example' }).click();
  await page.keyboard.press('Escape');
  await access.getByRole('button', { name: 'Save' }).click();
  await expect(access.getByRole('button', { name: 'Save' })).toBeDisabled();

  // The user sees the garage among their accessed garages and can reserve its slot.
  const userContext = await browser.newContext({ locale: 'en-US' });
  await pinClock(userContext);
  await chooseEnglish(userContext);
  const userPage = await userContext.newPage();
  await signInToShell(userPage, 'user', PROFILE);
  await expect(
    userPage.getByRole('region', { name: 'Access' }).getByText(garageName, { exact: true }),
  ).toBeVisible();

  const { reservation, reservations } = await reserveOnFirstFreeDay(request, await accessTokenOf(userPage), {
    days: weekdaysAhead(),
    startTime: '06:05:00',
    endTime: '06:50:00',
    pick: (slots) => slots.find((candidate) => String(candidate.aggregaredName).includes(garageName)),
  });
  expect(reservations.length).toBe(1);
  expect(String(reservation.parkingSlotInformation)).toContain(garageName);
  // Leave the user's quota as it was for the other specs.
  if (reservation.__signedIdentifier !== undefined) {
    await request.post('/api/services/UserReservation/deleteReservation', {
      headers: {
        Authorization: `Bearer ${await accessTokenOf(userPage)}`,
        'X-Judo-SignedIdentifier': reservation.__signedIdentifier,
      },
    });
  }
  await userContext.close();
});

test('a doorman sees a guest arrival in their garage, the most urgent first', async ({
  browser,
  page,
  request,
}) => {
  const guestName = `Guest ${Date.now() % 1_000_000}`;
  await signInToShell(page, 'admin', '/');
  await guestArrivalToday(request, await accessTokenOf(page), { name: guestName, licensePlate: 'GST-042' });

  const doormanContext = await browser.newContext({ locale: 'en-US' });
  await pinClock(doormanContext);
  await chooseEnglish(doormanContext);
  const doorman = await doormanContext.newPage();
  await signInToShell(doorman, 'doorman', '/');
  await doorman
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Arrivals' })
    .click();
  await expect(doorman).toHaveURL(new RegExp(`${ARRIVALS}$`));
  const row = doorman.getByRole('row').filter({ hasText: guestName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('GST-042');
  await expect(row).toContainText('Guest');
  // The open check-in windows first, then who is still expected, those already handled last (issue 31 §3).
  const urgencies = await doorman
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.urgency)));
  expect(urgencies).toEqual([...urgencies].sort((a, b) => a - b));
  await expect(doorman.getByRole('button', { name: 'Print' })).toBeVisible();
  await doormanContext.close();
});

test('a user sees no Arrivals entry and the arrivals call is refused', async ({ page, request }) => {
  await signInToShell(page, 'user', '/');
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Arrivals' }),
  ).toHaveCount(0);
  const answer = await apiOf(request, await accessTokenOf(page))('Actor/doormanArrivals/~get');
  expect(answer.status).toBe(403);
});

test('configuration: an additional day is added once, a duplicate gets the error on its field', async ({
  page,
}) => {
  await signInToShell(page, 'admin', '/Services/Actor/ConfigurationSettings/AccessViewPage');
  const form = page.getByRole('form', { name: 'Add day' });
  const day = `2031-${pad(1 + (Date.now() % 12))}-${pad(1 + (Math.floor(Date.now() / 12) % 28))}`;
  const add = async () => {
    await typeDate(form.getByRole('group', { name: 'Day' }), day);
    await form.getByRole('button', { name: 'Add day' }).click();
  };
  await add();
  const created = page.getByText('Day added.');
  const duplicate = form.locator('.Mui-error');
  // A run that drew an already stored day sees the duplicate error at once; either way the second add is refused.
  await expect(created.or(duplicate.first())).toBeVisible();
  await add();
  await expect(form.getByRole('group', { name: 'Day' })).toHaveAttribute('aria-invalid', 'true');
});
