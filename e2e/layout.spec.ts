import type { Locator } from '@playwright/test';
import { textsOf } from './axe.ts';
import { filterByAttribute } from './controls.ts';
import { expect, signInToShell, test } from './fixtures.ts';

const HOLIDAYS = '/Services/Actor/UserHolidays/AccessViewPage';
const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';
const USERS = '/Services/Actor/Users/AccessTablePage';

const fontSizeOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).fontSize);
/** Whether an element shows all of its text (an ellipsis means it is wider inside than its box). */
const isWhole = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth);

test('every page title has one size: the dashboard is no louder than Holidays or a table page', async ({
  page,
}) => {
  await signInToShell(page, 'admin', '/');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const dashboard = await fontSizeOf(title);
  await page.goto(HOLIDAYS);
  await expect(title).toBeVisible();
  // Polled: a table page swaps its loading title for the table's own.
  await expect.poll(() => fontSizeOf(title)).toBe(dashboard);
  await page.goto(USERS);
  await expect(title).toBeVisible();
  await expect.poll(() => fontSizeOf(title)).toBe(dashboard);
});

test('labels and addresses with room to spare are shown whole', async ({ page }) => {
  await signInToShell(page, 'admin', PROFILE);
  const label = page.locator('label').filter({ hasText: 'Start of working time' });
  await expect(label).toBeVisible();
  expect(await isWhole(label)).toBe(true);

  await page.goto(USERS);
  // Filtered to the one row: other specs add users that page this one out of the first page.
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible({ timeout: 30_000 });
  await filterByAttribute(page, textsOf('en-US'), 'application:attribute.email', 'user@parkhere.example');
  const email = page
    .locator('.MuiDataGrid-row [data-field="email"]')
    .filter({ hasText: 'user@parkhere.example' });
  await expect(email.first()).toBeVisible({ timeout: 30_000 });
  expect(await isWhole(email.first())).toBe(true);
});

test('the new holiday form is a card of a form’s width, titled like the new reservation form', async ({
  page,
}) => {
  await signInToShell(page, 'user', '/');
  const reservationTitle = page.getByRole('heading', { level: 2, name: 'New reservation' });
  const size = await fontSizeOf(reservationTitle);
  await page.goto(HOLIDAYS);
  const holidayTitle = page.getByRole('heading', { level: 2, name: 'New holiday' });
  await expect(holidayTitle).toBeVisible();
  expect(await fontSizeOf(holidayTitle)).toBe(size);
  const card = page.locator('.MuiPaper-root').filter({ has: holidayTitle }).first();
  const width = (await card.boundingBox())?.width ?? 0;
  expect(width).toBeLessThanOrEqual(720);
});
