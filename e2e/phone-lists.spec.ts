import type { Locator, Page } from '@playwright/test';
import { expect, signInToShell, test } from './fixtures.ts';

// A phone: below the small breakpoint (600 px), where lists are cards (issue 14 item 21).
test.use({ viewport: { width: 390, height: 844 } });
test.slow();

/** Whether the element lies inside the screen's width: nothing to scroll sideways to. */
const insideTheScreen = async (locator: Locator) => {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
};

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a table on a phone is one card per row with every field labelled and its actions on screen', async ({
  page,
}) => {
  await signInToShell(page, 'admin', '/Services/Actor/ParkingSlots/AccessTablePage');
  const cards = page.getByTestId('data-table-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('.MuiDataGrid-root')).toHaveCount(0);
  const first = cards.first();
  for (const label of ['Name', 'Floor', 'Parking garage', 'Floor plan']) {
    await expect(first.getByText(label, { exact: true })).toBeVisible();
  }
  for (const action of ['View', 'Edit', 'Parking Garage of the Slot', 'More actions']) {
    const button = first.getByRole('button', { name: action, exact: true });
    await expect(button).toBeVisible();
    await insideTheScreen(button);
  }
  expect(await noSidewaysScroll(page)).toBe(true);
  // The card shows three actions; the rest, Delete among them, are one tap away.
  await first.getByRole('button', { name: 'More actions', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The cards page like the grid.
  await expect(page.getByText(/^1–\d+ of/)).toBeVisible();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText(/^11–\d+ of/)).toBeVisible();
});

test('the dashboard’s history on a phone shows each reservation’s status and car', async ({ page }) => {
  await signInToShell(page, 'user', '/');
  const history = page.getByRole('region', { name: 'My Previous Reservations' });
  await expect(history).toBeVisible();
  await expect(history.locator('table')).toHaveCount(0);
  const cards = history.getByTestId('data-table-card');
  if ((await cards.count()) > 0) {
    const first = cards.first();
    for (const label of ['Status', 'Car']) {
      const title = first.getByText(label, { exact: true });
      await expect(title).toBeVisible();
      await insideTheScreen(title);
    }
  }
  expect(await noSidewaysScroll(page)).toBe(true);
});
