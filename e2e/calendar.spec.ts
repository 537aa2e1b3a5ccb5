import type { Page } from '@playwright/test';
import { expect, signInToShell, test } from './fixtures.ts';

// Sign-in, several round trips and a confirmation on a machine the whole team shares.
test.slow();

const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';

const section = (page: Page) => page.getByTestId('calendar-feed');
const address = (page: Page) => page.getByTestId('calendar-feed-url');

test('the calendar feed is turned on, copied, fetched without sign-in, and a reset revokes the old address', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The doorman's feed: no other spec reads or changes it.
  await signInToShell(page, 'doorman', PROFILE);
  await expect(section(page)).toBeVisible();
  await expect(
    section(page).getByText('Anyone who has the address can read your reservations'),
  ).toBeVisible();
  if (await address(page).isVisible()) {
    await section(page).getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  }

  await section(page).getByRole('button', { name: 'Turn on' }).click();
  await expect(address(page)).toHaveValue(/\/ParkHere\/calendar\/[^/]+\.ics$/);
  const first = await address(page).inputValue();

  await section(page).getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('The address is copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // A calendar client has no session: the address alone serves the feed.
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

  await section(page).getByRole('button', { name: 'New address' }).click();
  await expect(page.getByRole('dialog')).toContainText('The current address stops working at once');
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('The feed has a new address; the old one no longer works.')).toBeVisible();
  await expect(address(page)).not.toHaveValue(first);
  const second = await address(page).inputValue();
  expect(second).toMatch(/\/ParkHere\/calendar\/[^/]+\.ics$/);

  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);

  // After a reload the page shows the same, working address: it can be copied again for another device.
  await page.reload();
  await expect(address(page)).toHaveValue(second);
});
