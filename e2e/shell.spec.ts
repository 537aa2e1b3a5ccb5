import { expect, signInToShell, test } from './fixtures.ts';

const settingsRoutes = [
  { entry: 'Parking Slots', path: '/Services/Actor/ParkingSlots/AccessTablePage' },
  { entry: 'Parking Garages', path: '/Services/Actor/ParkingGarages/AccessTablePage' },
  { entry: 'Users', path: '/Services/Actor/Users/AccessTablePage' },
  { entry: 'Configuration', path: '/Services/Actor/ConfigurationSettings/AccessViewPage' },
];

test('a user sees their preferred username and no administration entries', async ({ page }) => {
  await signInToShell(page, 'user');
  await expect(page.getByRole('button', { name: 'Profile' })).toContainText('user');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Reservation', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Holidays' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Profile Settings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Reservations' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Settings' })).toHaveCount(0);
});

test('an administrator opens every settings route from the Settings group', async ({ page }) => {
  await signInToShell(page, 'admin');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Reservations' })).toBeVisible();
  for (const { entry, path } of settingsRoutes) {
    await menu.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('link', { name: entry, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('a user who opens an administration address gets the permission page', async ({ page }) => {
  await signInToShell(page, 'user', settingsRoutes[0]?.path);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(alert).toContainText('permission');
});

test('logout ends the session and asks for credentials again', async ({ page }) => {
  await signInToShell(page, 'user');
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.locator('input[name=login]')).toBeVisible();
  await page.goto('/');
  await expect(page.locator('input[name=login]')).toBeVisible();
});

test('an unknown route shows the 404 page with only Navigate to Dashboard', async ({ page }) => {
  await signInToShell(page, 'user', '/no/such/page');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(alert.getByRole('button')).toHaveCount(1);
  await alert.getByRole('button', { name: 'Navigate to Dashboard' }).click();
  await expect(page).toHaveURL('/');
});

test('switching to Hungarian translates the menu', async ({ page }) => {
  await signInToShell(page, 'user');
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Magyar' }).click();
  const menu = page.getByRole('navigation', { name: 'Főmenü' });
  await expect(menu.getByRole('link', { name: 'Foglalás', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Szabadságok' })).toBeVisible();
});

test('dark mode survives a reload', async ({ page }) => {
  await signInToShell(page, 'user');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Dark mode' }).click();
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  expect(await background()).toBe(dark);
});

test('the bottom navigation appears at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToShell(page, 'admin');
  const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
  await expect(bottom).toBeVisible();
  await expect(bottom.getByRole('link')).toHaveCount(3);
  await bottom.getByRole('button', { name: 'Other' }).click();
  await expect(page.getByRole('link', { name: 'Profile Settings' })).toBeVisible();
});
