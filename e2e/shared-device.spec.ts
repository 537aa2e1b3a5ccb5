import type { Page } from '@playwright/test';
import { accessTokenOf, deleteReservations, reserveOnFirstFreeDay } from './api.ts';
import { cardDay, workingDaysFrom } from './clock.ts';
import { filterTable } from './controls.ts';
import { controlledBy, expect, profileButton, signIn, signInToShell, test } from './fixtures.ts';

/*
 * One browser profile, two people (a shared desk, a kiosk): whatever the app kept of the first one (its
 * offline copies, its table filters, the service worker's caches) must be gone for the second, whether the
 * first signed out or their session simply ended, and must never show on the second's screen, online or
 * offline.
 */

// Sign-ins, a worker's installation and offline reloads: several round trips on a machine the team shares.
test.slow();
// The service worker's caches are among what must be gone for the next person.
test.use({ serviceWorkers: 'allow' });
// Both tests book for the same user at the same hours: one after the other, each cleaning up before the next.
test.describe.configure({ mode: 'default' });

const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';

/**
 * Everything the origin keeps in the browser as text, each piece named by where it is: session and local
 * storage, every IndexedDB store's records, and every CacheStorage entry (address and body).
 */
async function keptByTheOrigin(page: Page): Promise<{ where: string; text: string }[]> {
  return page.evaluate(async () => {
    const kept: { where: string; text: string }[] = [];
    for (const [name, storage] of [
      ['sessionStorage', sessionStorage],
      ['localStorage', localStorage],
    ] as const) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index) ?? '';
        kept.push({ where: `${name} ${key}`, text: `${key} ${storage.getItem(key)}` });
      }
    }
    for (const { name } of await indexedDB.databases()) {
      if (name === undefined) {
        continue;
      }
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of database.objectStoreNames) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const request = database.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        kept.push({ where: `IndexedDB ${name}/${store}`, text: JSON.stringify(records) });
      }
      database.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        kept.push({
          where: `CacheStorage ${name} ${request.url}`,
          text: `${request.url} ${await response?.text()}`,
        });
      }
    }
    return kept;
  });
}

/** Where the origin keeps any of `traces`, as `where: trace`. */
async function tracesKept(page: Page, traces: readonly string[]): Promise<string[]> {
  return (await keptByTheOrigin(page)).flatMap(({ where, text }) =>
    traces.filter((trace) => text.includes(trace)).map((trace) => `${where}: ${trace}`),
  );
}

/** The localStorage keys of the kept copies of the users' last visits (web offline/keptCopy.ts). */
const keptCopyKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('ParkHere-kept-copy:')));

/** Which of `traces` the screen shows: in its text or in a field's value. */
const tracesShown = async (page: Page, traces: readonly string[]) => {
  const text = await page.evaluate(() =>
    [
      document.body.innerText,
      ...[...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value),
    ].join('\n'),
  );
  return traces.filter((trace) => text.includes(trace));
};

/**
 * The first user, `user`, signs in, books, opens the dashboard under the worker and filters their cars by a
 * plate: every kind of copy the app makes of a user exists. Answers what identifies them and their booking.
 */
async function leaveTraces(page: Page, request: Parameters<typeof reserveOnFirstFreeDay>[0]) {
  await signInToShell(page, 'user');
  const booking = await reserveOnFirstFreeDay(request, await accessTokenOf(page), {
    // Late in the evening, an hour no other spec books, on any of the next working days from 5 ahead (a
    // window from 12 ahead held only one day inside a 14-day horizon on a Monday or Tuesday).
    days: workingDaysFrom(5, 8),
    startTime: '22:05:00',
    endTime: '22:50:00',
  });
  await controlledBy(page);
  const card = page.getByTestId('reservation-card').filter({ hasText: cardDay(booking.day) });
  await expect(card.filter({ hasText: '22:05' })).toBeVisible();
  await page.goto(PROFILE);
  const cars = page.getByTestId('data-table-ProfileSettings.cars');
  // The profile's tables load one after another: the first visit on a busy machine takes a while.
  await expect(cars.getByText('ABC-123')).toBeVisible({ timeout: 30_000 });
  await expect(await filterTable(page, 'ABC-123', cars)).toBeHidden();
  const traces = [
    'Ulrich User',
    'user@parkhere.example',
    'ABC-123',
    String(booking.reservation.__signedIdentifier),
  ];
  // The copies this test is about exist before the first user leaves: the kept copy among them.
  expect((await tracesKept(page, traces)).length).toBeGreaterThan(0);
  expect(await keptCopyKeys(page)).toHaveLength(1);
  return { traces, booking };
}

/** The second user's dashboard, online and then offline, shows them and nothing of the first. */
async function expectNothingOfTheFirst(page: Page, traces: readonly string[]): Promise<void> {
  await expect(profileButton(page)).toBeVisible();
  expect(await tracesKept(page, traces)).toEqual([]);
  await page.goto(PROFILE);
  const cars = page.getByTestId('data-table-ProfileSettings.cars');
  await expect(cars.getByText('QCK-001')).toBeVisible({ timeout: 30_000 });
  expect(await tracesShown(page, traces)).toEqual([]);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New reservation' })).toBeVisible();
  expect(await tracesShown(page, traces)).toEqual([]);

  await page.context().setOffline(true);
  try {
    // No request reaches the server now: who is signed in and what they booked come from the copies kept.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Active Reservations' })).toBeVisible();
    await profileButton(page).click();
    await expect(page.getByText('Quentin Quick')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await tracesShown(page, traces)).toEqual([]);
    expect(await tracesKept(page, traces)).toEqual([]);
  } finally {
    await page.context().setOffline(false);
  }
}

test('after sign-out, the next person on the profile finds nothing of the last, online or offline', async ({
  page,
  request,
}) => {
  const { traces, booking } = await leaveTraces(page, request);
  const firstToken = await accessTokenOf(page);
  try {
    await profileButton(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.locator('input[name=login]')).toBeVisible();
    expect(await tracesKept(page, traces)).toEqual([]);
    // The kept copy's entry is gone, not only emptied of the traces.
    expect(await keptCopyKeys(page)).toEqual([]);

    // The next person signs in on the same tab.
    await page.locator('input[name=login]').fill('quick');
    await page.locator('input[name=password]').fill('quick');
    await page.locator('button[type=submit]').click();
    await expectNothingOfTheFirst(page, traces);
  } finally {
    await deleteReservations(request, page, booking.reservations, firstToken);
  }
});

test('when a session ends without sign-out, the next person to sign in finds nothing of it', async ({
  page,
  context,
  request,
}) => {
  const { traces, booking } = await leaveTraces(page, request);
  const firstToken = await accessTokenOf(page);
  try {
    // The session ends without a sign-out: the provider's session is gone (cookies cleared, as when it
    // expires) and the tab's token with it, as the app drops a token the API refuses.
    await context.clearCookies();
    await page.evaluate(() => {
      for (const key of Object.keys(sessionStorage).filter((name) => name.startsWith('oidc.'))) {
        sessionStorage.removeItem(key);
      }
    });
    // The next person signs in on the same tab, at a page other than the dashboard.
    await signIn(page, 'quick', PROFILE);
    await expectNothingOfTheFirst(page, traces);
  } finally {
    await deleteReservations(request, page, booking.reservations, firstToken);
  }
});
