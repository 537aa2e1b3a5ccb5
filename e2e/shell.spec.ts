import type { Page } from '@playwright/test';
import { pickerText } from './controls.ts';
import { expect, pinClock, profileButton, signIn, signInToShell, test } from './fixtures.ts';

const settingsRoutes = [
  { entry: 'Parking Slots', path: '/Services/Actor/ParkingSlots/AccessTablePage' },
  { entry: 'Parking Garages', path: '/Services/Actor/ParkingGarages/AccessTablePage' },
  { entry: 'Users', path: '/Services/Actor/Users/AccessTablePage' },
  { entry: 'Configuration', path: '/Services/Actor/ConfigurationSettings/AccessViewPage' },
];

test('a user sees their preferred username and no administration entries', async ({ page }) => {
  await signInToShell(page, 'user');
  await expect(profileButton(page)).toContainText('user');
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

test('Sign out ends the session and asks for credentials again', async ({ page }) => {
  await signInToShell(page, 'user');
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
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
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Magyar' }).click();
  const menu = page.getByRole('navigation', { name: 'Főmenü' });
  await expect(menu.getByRole('link', { name: 'Foglalás', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Szabadságok' })).toBeVisible();
});

test('dark mode survives a reload', async ({ page }) => {
  await signInToShell(page, 'user');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Dark mode' }).click();
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  await page.reload();
  await expect(profileButton(page)).toBeVisible();
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

test('a user who never chose a language sees Hungarian, and English once chosen, after a reload too', async ({
  browser,
}) => {
  // A context without the specs' English: a fresh browser.
  const context = await browser.newContext({ locale: 'en-US' });
  await pinClock(context);
  const page = await context.newPage();
  await signIn(page, 'user');
  await expect(page.getByRole('navigation', { name: 'Főmenü' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Új foglalás' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu-HU');
  await profileButton(page, 'Profil').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'New reservation' })).toBeVisible();
  await context.close();
});

test('a signed-out visitor following a _redirect link lands on its target after signing in', async ({
  page,
}) => {
  const holidays = '/Services/Actor/UserHolidays/AccessViewPage';
  await signIn(page, 'user', `/_redirect?to=${holidays}`);
  await expect(page).toHaveURL(holidays);
  await expect(page.getByRole('heading', { level: 1, name: 'Holidays' })).toBeVisible();
  await expect(page.getByText('An error occurred during redirect. Please try again later!')).toHaveCount(0);
});

test('the breadcrumb shows where the page sits, not the history, also after a reload', async ({ page }) => {
  await signInToShell(page, 'admin', '/Services/Actor/ProfileSettings/AccessViewPage');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  const crumbs = breadcrumb.getByRole('listitem');
  await expect(crumbs).toHaveText(['Home', 'Profile Settings']);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Reservation', exact: true })
    .click();
  await expect(crumbs).toHaveText(['Home']);

  await page.goto(settingsRoutes[1]?.path ?? '');
  await page.locator('.MuiDataGrid-row').first().getByLabel('View', { exact: true }).click();
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(/^Parking Garage: /);
  const garage = (await title.textContent()) ?? '';
  await expect(crumbs).toHaveText(['Home', 'Parking Garages', garage]);
  await page.reload();
  await expect(crumbs).toHaveText(['Home', 'Parking Garages', garage]);
  await breadcrumb.getByRole('button', { name: 'Parking Garages' }).click();
  await expect(page).toHaveURL(settingsRoutes[1]?.path ?? '');
  await expect(crumbs).toHaveText(['Home', 'Parking Garages']);
});

test('before any script has run, the page already shows the start screen with its logo', async ({
  browser,
}) => {
  // A slow phone: the app's code is still on its way, the page has only its HTML.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const logo = page.getByRole('img', { name: 'ParkHere' });
  await expect(logo).toBeVisible();
  // Inline in the page, so drawing it waits for no second request.
  expect(await logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
    true,
  );
  await context.close();
});

/** Whether the page has loaded the app's font (Source Sans 3), once its fonts have settled. */
const appFontLoaded = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some(
      (font) => font.family.replaceAll('"', '') === 'Source Sans 3' && font.status === 'loaded',
    );
  });

test('the start screen paints before the app starts, and the app then has its font', async ({ page }) => {
  await signInToShell(page, 'user');
  // At the first contentful paint, has the app's code run (React has taken #root)? Noted by an observer that
  // is registered before any of the page's scripts, so its callback runs before the app's own.
  await page.addInitScript(() => {
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) {
        const root = document.getElementById('root');
        (window as { appHadStarted?: boolean }).appHadStarted =
          root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      }
    }).observe({ type: 'paint', buffered: true });
  });
  await page.reload();
  await expect(profileButton(page)).toBeVisible();
  expect(await page.evaluate(() => (window as { appHadStarted?: boolean }).appHadStarted)).toBe(false);
  await expect.poll(() => appFontLoaded(page)).toBe(true);
});

test('the start fetches each of its files once: every preload is used', async ({ page }) => {
  await signInToShell(page, 'user');
  const fetched = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) {
      fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
    }
  });
  const unused: string[] = [];
  page.on('console', (message) => {
    if (/preload .* is not used/i.test(message.text())) {
      unused.push(message.text());
    }
  });
  await page.reload();
  await expect(profileButton(page)).toBeVisible();
  // A stylesheet preloaded without the credentials mode of its later link was fetched a second time.
  expect(unused).toEqual([]);
  expect([...fetched].filter(([, count]) => count > 1)).toEqual([]);
  expect([...fetched.keys()].some((path) => path.endsWith('.css'))).toBe(true);
});

test("the sign-in page is branded like the app: the app's font and icon, and no missing file", async ({
  page,
  request,
}) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) {
      missing.push(response.url());
    }
  });
  await page.goto('/');
  await expect(page.locator('input[name=login]')).toBeVisible();
  await expect.poll(() => appFontLoaded(page)).toBe(true);
  const icon = await page.locator('link[rel=icon]').getAttribute('href');
  expect(icon).toBe('/favicon.svg');
  const served = await request.get(icon ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/svg+xml');
  await expect(page.locator('.brand img')).toHaveAttribute('src', '/favicon.svg');
  expect(missing).toEqual([]);
});

test('in Hungarian, working hours are 24-hour picker fields and a day is typed and read as 2031. 05. 07.', async ({
  page,
}) => {
  await signInToShell(page, 'admin', '/Services/Actor/ProfileSettings/AccessViewPage');
  await profileButton(page).click();
  await page.getByRole('menuitem', { name: 'Magyar' }).click();
  const start = page.getByRole('group', { name: 'Munkaidő kezdete' });
  await expect(pickerText(start)).toHaveText(/^\d{2}:\d{2}$/);
  // 24-hour: the hours section goes up to 23, and there is no AM/PM section.
  await expect(start.getByRole('spinbutton').first()).toHaveAttribute('aria-valuemax', '23');
  await expect(start.getByRole('spinbutton')).toHaveCount(2);

  await page.goto('/Services/Actor/ConfigurationSettings/AccessViewPage');
  const day = page.getByRole('form', { name: 'Nap hozzáadása' }).getByRole('group', { name: 'Nap' });
  await day.getByRole('spinbutton').first().click();
  // Hungarian writes the year first: the sections are typed in the order they are shown.
  await page.keyboard.type('20310507');
  await expect(pickerText(day)).toHaveText('2031. 05. 07.');
});
