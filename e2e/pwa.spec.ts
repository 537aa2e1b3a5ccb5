import { accessTokenOf, deleteReservations, reserveOnFirstFreeDay } from './api.ts';
import { textsOf } from './axe.ts';
import { cardDay, workingDaysFrom } from './clock.ts';
import {
  controlledBy,
  expect,
  OFFLINE_NOTICES,
  offlineNoticeKey,
  profileButton,
  signInToShell,
  test,
} from './fixtures.ts';

// The service worker is what these tests are about (the suite blocks it elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('the app is installable: a valid manifest, and a service worker that controls the page', async ({
  page,
  request,
}) => {
  await signInToShell(page, 'user');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href ?? '')).json();
  expect(manifest).toMatchObject({
    name: 'ParkHere',
    short_name: 'ParkHere',
    start_url: '/',
    display: 'standalone',
    theme_color: '#DE4E0B',
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  // The silent sign-in page, opened in an invisible frame, is not the app to install.
  expect(await (await request.get('/silent-renew.html')).text()).not.toContain('manifest');
  // Both colour modes name their own bar colour.
  await expect(page.locator('meta[name=theme-color][media*=dark]')).toHaveCount(1);
  await expect(page.locator('meta[name=theme-color][media*=light]')).toHaveCount(1);

  await controlledBy(page);
  // Signed in still, with the worker in place.
  await expect(profileButton(page)).toBeVisible();
});

test('offline, the upcoming reservations of the last visit show with a notice, and offer nothing that cannot be sent', async ({
  page,
  context,
  request,
}) => {
  await signInToShell(page, 'user');
  const { day, reservations } = await reserveOnFirstFreeDay(request, await accessTokenOf(page), {
    // From 9 days ahead on: clear of the days other specs book.
    days: workingDaysFrom(9, 6),
    startTime: '21:05:00',
    endTime: '21:50:00',
  });
  try {
    await controlledBy(page);
    const card = page
      .getByTestId('reservation-card')
      .filter({ hasText: cardDay(day) })
      .filter({ hasText: '21:05' });
    await expect(card).toBeVisible();
    const en = textsOf('en-US');
    for (const notice of OFFLINE_NOTICES) {
      await expect(page.getByText(en(notice))).toHaveCount(0);
    }

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(en(await offlineNoticeKey(page)), { exact: true })).toBeVisible();
    await expect(card).toBeVisible();

    // Issue 31 §2: no Cancel or Delete that could only fail (a write offline is refused unsent: client.test.ts).
    await expect(card.getByRole('button')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await deleteReservations(request, page, reservations);
  }
});
