import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessTokenOf, deleteReservations, reserveOnFirstFreeDay } from './api.ts';
import { cardDay, workingDaysFrom } from './clock.ts';
import { controlledBy, expect, profileButton, signInToShell, test } from './fixtures.ts';

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
    await expect(page.getByText('You are offline')).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText(/You are offline\. You see your reservations as of your last visit/),
    ).toBeVisible();
    await expect(card).toBeVisible();

    // Issue 31 §2: no Cancel or Delete that could only fail (a write offline is refused unsent: client.test.ts).
    await expect(card.getByRole('button')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await deleteReservations(request, page, reservations);
  }
});

/** The worker the e2e server serves (a file of the web app's build, read from disk on every request). */
const WORKER = join(import.meta.dirname, '../packages/web/dist/sw.js');

/**
 * Serves the next build's worker while `check` runs: the same script with the page at a new precache revision,
 * as a rebuild whose index.html changed would serve it. Put back at once, so the other specs' pages, which share
 * this server, keep the version they run.
 */
async function whileNextBuildServed(revision: string, check: () => Promise<void>): Promise<void> {
  const current = readFileSync(WORKER, 'utf8');
  const next = current.replace(/(\{url:"index\.html",revision:")\w+"/, `$1${revision}"`);
  expect(next, 'the worker precaches index.html by revision').not.toBe(current);
  const swap = (script: string) => {
    // A whole file or none: a request in between never reads half of one.
    writeFileSync(`${WORKER}.swap`, script);
    renameSync(`${WORKER}.swap`, WORKER);
  };
  swap(next);
  try {
    await check();
  } finally {
    swap(current);
  }
}

test('a new version is offered with Reload and takes over only when the user accepts it', async ({
  page,
}) => {
  await signInToShell(page, 'user');
  await controlledBy(page);
  await page.evaluate(() => {
    (window as { beforeUpdate?: boolean }).beforeUpdate = true;
  });
  const revision = `e2e${Date.now()}`;
  // The check for a new worker the browser makes on its own now and then, made now. It resolves once the
  // script is fetched; the new worker installs from its stored copy.
  await whileNextBuildServed(revision, () =>
    page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    }),
  );

  const offer = page.getByText('A new version is available', { exact: true });
  await expect(offer).toBeVisible();
  // Offered, not mixed in: the new worker waits, and this page was not reloaded under the user.
  const waiting = () =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
  expect(await waiting()).toBe(true);
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload', exact: true }).click();
  await reloaded;
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
  // The new version took over: nothing waits any more, and the cached page is the new build's alone.
  await expect.poll(waiting).toBe(false);
  const cachedPageRevisions = () =>
    page.evaluate(async () => {
      const revisions: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          const url = new URL(request.url);
          if (url.pathname === '/index.html') {
            revisions.push(url.searchParams.get('__WB_REVISION__') ?? '');
          }
        }
      }
      return revisions;
    });
  // The old worker's clean-up of its precache runs after the new one activates: given time on a loaded CI.
  await expect.poll(cachedPageRevisions, { timeout: 30_000 }).toEqual([revision]);
  await expect(offer).toHaveCount(0);
  await expect(profileButton(page)).toBeVisible();
});
