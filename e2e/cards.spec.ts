import { addDays, isWorkingDay, type LocalDate, nextWorkingDay, workingCalendar } from '@parkhere/contract';
import type { Page } from '@playwright/test';
import { accessTokenOf, apiOf, deleteReservations, type Entity } from './api.ts';
import { appToday, cardDay } from './clock.ts';
import { pickerGroup, reservationForm, typeDate, typeTime } from './controls.ts';
import { expect, signInToShell, test } from './fixtures.ts';

/*
 * Issue 14, the card items: 7 (one edit dialog with Save), 8 (a LONG booking as one card), 10 (an
 * administrator's booking for another user, and changing its times from the tables), 33 (holiday cards edit).
 * Every row here is this spec's own: the administrator's, on days and at hours no other spec uses.
 */

test.slow();

const HOLIDAYS = '/Services/Actor/UserHolidays/AccessViewPage';
const RESERVATIONS = '/Services/Actor/ReservationsAccess/AccessViewPage';

const workingDayFrom = (day: LocalDate): LocalDate =>
  isWorkingDay(day) ? day : (nextWorkingDay(day, workingCalendar()) ?? addDays(day, 1));

/** The signed-in user's own UserForInput, found by email (an administrator's list holds everyone). */
async function selfOf(post: ReturnType<typeof apiOf>, email: string): Promise<Entity> {
  const users = (await post('Actor/usersForInput/~list', { email: [{ operator: 'equal', value: email }] }))
    .body as Entity[];
  const [self] = users;
  if (self === undefined) {
    throw new Error(`no user ${email}`);
  }
  return self;
}

async function longSeries(page: Page, first: LocalDate, last: LocalDate): Promise<Entity[]> {
  const post = apiOf(page.request, await accessTokenOf(page));
  const user = await selfOf(post, 'admin@parkhere.example');
  const [car] = (await post('ReservationInput/car/~range', { owner: { user }, queryCustomizer: {} }))
    .body as Entity[];
  const draft = {
    reservationType: 'LONG',
    date: first,
    endDate: last,
    startTime: '06:10:00',
    endTime: '07:20:00',
    user,
    car,
  };
  const slots = (
    await post('ReservationInput/parkingSlot/~range', {
      owner: draft,
      queryCustomizer: { _mask: '{aggregaredName}' },
    })
  ).body as Entity[];
  const created = await post('UserReservationPanel/reservation', { ...draft, parkingSlot: slots[0] });
  expect(created.ok, JSON.stringify(created.body)).toBe(true);
  return created.body as Entity[];
}

test('a long booking is one card of weekdays; a day is edited in one dialog, then a day and the series go', async ({
  page,
}) => {
  await signInToShell(page, 'admin', '/');
  // Three weeks ahead (LONG has no horizon): the administrator holds nothing else then at dawn.
  const first = workingDayFrom(addDays(appToday(), 22));
  const days = (await longSeries(page, first, addDays(first, 6))).map((row) => String(row.date));
  expect(days.length).toBeGreaterThanOrEqual(3);
  const [day0, day1] = days as [LocalDate, LocalDate];
  const lastDay = days[days.length - 1] as LocalDate;
  const post = apiOf(page.request, await accessTokenOf(page));
  try {
    await page.reload();
    const card = page.getByRole('article', { name: `${cardDay(day0)} – ${cardDay(lastDay)}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`06:10–07:20 · ${days.length} days`);
    const listed = card.getByRole('listitem');
    await expect(listed).toHaveCount(days.length);
    await expect(listed.first()).toHaveText(cardDay(day0));
    // One card for the booking, not one a day.
    await expect(page.getByTestId('reservation-card').filter({ hasText: cardDay(day1) })).toHaveCount(0);

    // Item 7: Edit opens the editor at once, says what it can change, and saves on Save without asking.
    await card.getByRole('button', { name: `Edit ${cardDay(day0)}` }).click();
    const editor = page.getByRole('dialog', { name: /Modify reservation/ });
    await expect(editor).toContainText('Only the start and end times can be changed');
    await typeTime(editor.getByRole('group', { name: 'End time' }), '07:40');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reservation modified.')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(listed.filter({ hasText: cardDay(day0) })).toContainText('06:10–07:40');

    // One day goes, after a confirmation; the others stay on the card.
    await card.getByRole('button', { name: `Delete ${cardDay(day1)}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(listed).toHaveCount(days.length - 1);
    await expect(listed.filter({ hasText: cardDay(day1) })).toHaveCount(0);

    // The whole series: new times for every day from one dialog, then all of it deleted.
    const left = days.length - 1;
    await card.getByRole('button', { name: `Edit all ${left} days` }).click();
    const seriesEditor = page.getByRole('dialog', { name: /Modify reservation/ });
    await expect(seriesEditor).toContainText(`apply to all ${left} days`);
    await typeTime(seriesEditor.getByRole('group', { name: 'Start time' }), '06:20');
    await seriesEditor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${left} days modified.`)).toBeVisible();
    await expect(card).toContainText(`06:20–07:40 · ${left} days`);
    await card.getByRole('button', { name: `Delete all ${left} days` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(`${left} days deleted.`)).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    const active = (await post('UserReservationPanel/activeReservations/~list', {})).body as Entity[];
    await deleteReservations(
      page.request,
      page,
      (Array.isArray(active) ? active : []).filter(
        (row) => days.includes(String(row.date)) && String(row.startTime).startsWith('06:'),
      ),
    );
  }
});

test('a holiday card edits its dates, with the new-holiday form’s inline messages', async ({ page }) => {
  await signInToShell(page, 'admin', HOLIDAYS);
  const post = apiOf(page.request, await accessTokenOf(page));
  const user = await selfOf(post, 'admin@parkhere.example');
  // Seven weeks ahead: clear of every other holiday of the administrator's.
  const start = addDays(appToday(), 50 + Math.floor(Math.random() * 20));
  const created = await post('HolidayPanel/holiday', { startDate: start, endDate: start, user });
  expect(created.ok, JSON.stringify(created.body)).toBe(true);
  await page.reload();
  const card = page.getByTestId('holiday-card').filter({ hasText: cardDay(start) });
  await expect(card).toHaveCount(1);
  try {
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit holiday' });
    await expect(dialog).toContainText('You can change the start and end dates.');
    // An end before the start: the server's refusal under the end date, in words.
    await typeDate(dialog.getByRole('group', { name: 'End date' }), addDays(start, -1));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The end date cannot be before the start date.')).toBeVisible();
    const end = addDays(start, 3);
    await typeDate(dialog.getByRole('group', { name: 'End date' }), end);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Holiday changed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('heading')).toHaveText(`${cardDay(start)} – ${cardDay(end)}`);
  } finally {
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(card).toHaveCount(0);
  }
});

test("an administrator cannot type a user before the form's defaults are in, which would replace the text", async ({
  page,
}) => {
  await signInToShell(page, 'admin');
  // The form's users (its defaults come with them) are held back until the test lets them through.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/ReservationInput/user/~range', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(RESERVATIONS);
  const user = reservationForm(page).getByRole('combobox', { name: 'User' });
  await expect(user).toBeVisible();
  await expect(user).toBeDisabled();
  release();
  await expect(user).toHaveValue(/admin@parkhere\.example/);
  await user.fill('quick@');
  await page.getByRole('option', { name: /quick@parkhere\.example/ }).click();
  await expect(user).toHaveValue(/quick@parkhere\.example/);
});

// A screen wide enough for every column of the reservation tables and their row actions.
test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 2400, height: 1200 } });

  test('an administrator booking for another user sees what was made, and changes its times in the tables', async ({
    page,
  }) => {
    await signInToShell(page, 'admin', RESERVATIONS);
    // Administrators are held to no day limit of a quick user's; a late-evening hour no other spec books.
    const day = workingDayFrom(addDays(appToday(), 6));
    const form = reservationForm(page);
    await form.getByRole('combobox', { name: 'User' }).fill('quick@');
    await page.getByRole('option', { name: /quick@parkhere\.example/ }).click();
    await typeDate(pickerGroup(page, 'Date'), day);
    await typeTime(pickerGroup(page, 'Start time'), '20:05');
    await typeTime(pickerGroup(page, 'End time'), '20:35');
    const slotField = form.getByRole('combobox', { name: 'Parking slot' });
    // The free slots of these times are in (a slot chosen before would be cleared by their answer).
    await page.waitForLoadState('networkidle');
    await expect(async () => {
      // The slot search shows the chosen slot's name as its value.
      if (!/\w/.test(await slotField.inputValue())) {
        await slotField.click();
        await page.getByRole('option').first().click({ timeout: 3_000 });
      }
      await expect(slotField).toHaveValue(/\w/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await form.getByRole('button', { name: 'Reserve' }).click();

    const made = page.getByTestId('created-reservations');
    await expect(made).toContainText(/Reserved for .+/);
    await expect(made).toContainText(`${cardDay(day)} · 20:05–20:35`);
    const owner = ((await made.locator('.MuiAlertTitle-root').textContent()) ?? '').replace(
      'Reserved for ',
      '',
    );
    await made.getByRole('button', { name: `Show ${owner}'s reservations` }).click();
    await expect(page.getByText(`Showing only ${owner}'s reservations`)).toBeVisible();

    const row = page
      .locator('.MuiDataGrid-row')
      .filter({ has: page.locator('[data-field="startTime"]', { hasText: '20:05' }) })
      .filter({ has: page.locator('[data-field="reserverName"]', { hasText: owner }) })
      .first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    try {
      await row.getByLabel('Change times', { exact: true }).click();
      const editor = page.getByRole('dialog', { name: /Modify reservation/ });
      await expect(editor).toContainText('Only the start and end times can be changed');
      await typeTime(editor.getByRole('group', { name: 'End time' }), '20:50');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Reservation modified.')).toBeVisible();
      await expect(row.locator('[data-field="endTime"]')).toHaveText('20:50');
    } finally {
      await row.getByLabel('Delete', { exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText('Reservation deleted.')).toBeVisible();
    }
  });
});
