import { isWorkingDay } from '@parkhere/contract';
import type { APIRequestContext, Locator } from '@playwright/test';
import { accessTokenOf, appToday, type Entity, expect, signInToShell, test } from './fixtures.ts';

// Each test walks several server round trips on a machine the whole team shares.
test.slow();

const HOLIDAYS = '/Services/Actor/UserHolidays/AccessViewPage';

const pad = (value: number) => String(value).padStart(2, '0');
const wireDate = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
/**
 * Working days 8–13 days after the app's today, shuffled: inside the 14-day limit and clear of the other
 * specs' reservations of the same user (the next working days, and the long series from today over the
 * first days off), which the holiday would delete.
 */
function candidateDays(): Date[] {
  const days: Date[] = [];
  for (let ahead = 8; ahead <= 13; ahead += 1) {
    // Local noon of the app's today: the local calendar getters read that date in any zone.
    const day = new Date(`${appToday()}T12:00:00`);
    day.setDate(day.getDate() + ahead);
    if (isWorkingDay(wireDate(day))) {
      days.push(day);
    }
  }
  return days.sort(() => Math.random() - 0.5);
}

/** A NORMAL reservation of the user for one working day, made through the API as the form would. */
async function reserve(
  request: APIRequestContext,
  token: string,
): Promise<{ day: Date; reservation: Entity }> {
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api/services/${path}`, { headers, data });
    return { ok: response.ok(), body: response.ok() ? await response.json() : await response.text() };
  };
  const [self] = (await post('Actor/usersForInput/~list', {})).body as Entity[];
  const [car] = (await post('ReservationInput/car/~range', { owner: { user: self }, queryCustomizer: {} }))
    .body as Entity[];
  let refused = '';
  for (const day of candidateDays()) {
    const draft = {
      reservationType: 'NORMAL',
      date: wireDate(day),
      startTime: '10:00:00',
      endTime: '11:00:00',
      user: self,
      car,
    };
    const slots = await post('ReservationInput/parkingSlot/~range', { owner: draft, queryCustomizer: {} });
    const slot = Array.isArray(slots.body) ? (slots.body[0] as Entity | undefined) : undefined;
    if (slot === undefined) {
      continue;
    }
    const created = await post('UserReservationPanel/reservation', { ...draft, parkingSlot: slot });
    const [reservation] = created.ok ? (created.body as Entity[]) : [];
    if (reservation !== undefined) {
      return { day, reservation };
    }
    refused = JSON.stringify(created.body);
  }
  throw new Error(`no day to reserve on: ${refused}`);
}

/** Types a date into a picker field section by section (en-US: month, day, year). */
async function typeDate(field: Locator, day: Date): Promise<void> {
  await field.getByRole('spinbutton', { name: 'Month' }).click();
  await field.page().keyboard.type(`${pad(day.getMonth() + 1)}${pad(day.getDate())}${day.getFullYear()}`);
}

test('a holiday deletes the conflicting reservation after confirmation', async ({ page, request }) => {
  await signInToShell(page, 'user', HOLIDAYS);
  const { day, reservation } = await reserve(request, await accessTokenOf(page));
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
  await expect(conflicts.locator('.MuiDataGrid-row [data-field="date"]').first()).toHaveText(wireDate(day));

  await form.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(/deletes (the )?\d+ reservation/);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Holiday saved.')).toBeVisible();
  await expect(page.getByTestId('holiday-card').filter({ hasText: wireDate(day) })).toBeVisible();

  const token = await accessTokenOf(page);
  const panel = await request.post('/api/services/Actor/userReservationPanel/~get', {
    headers: { Authorization: `Bearer ${token}` },
    data: { _mask: '{activeReservations{date}}' },
  });
  const active = ((await panel.json()).activeReservations ?? []) as Entity[];
  expect(active.map((row) => row.__identifier)).not.toContain(reservation.__identifier);

  // Deleting the holiday asks first and restores nothing.
  const card = page.getByTestId('holiday-card').filter({ hasText: wireDate(day) });
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
