import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDayWithWeekday, type LocalDate } from '@parkhere/contract';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { accessTokenOf, deleteReservations, type Entity, reserveOnFirstFreeDay } from './api.ts';
import { type Locale, openAs, settled, textsOf, violationsOf } from './axe.ts';
import { workingDaysFrom } from './clock.ts';
import {
  chooseEnglish,
  controlledBy,
  expect,
  OFFLINE_NOTICES,
  offlineNoticeKey,
  pinClock,
  signInToShell,
  test,
} from './fixtures.ts';

/*
 * Issue 31 §2: whenever the server cannot be reached the dashboard shows the upcoming reservations of the last
 * visit with the offline notice, offers nothing that cannot work (no card action, no form), and comes back by
 * itself once the server answers again: offline after in-app navigation, a server that does not answer while
 * the browser says it is online, a new tab of the same profile, and the server process stopped.
 */

// The service worker keeps the app; sign-ins, offline reloads and (in the last case) a second server.
test.use({ serviceWorkers: 'allow' });
test.slow();

/** A booking of `user` on one of days far enough ahead to be clear of the other specs', at an hour of its own. */
async function book(request: APIRequestContext, page: Page, startTime: string, endTime: string) {
  return reserveOnFirstFreeDay(request, await accessTokenOf(page), {
    days: workingDaysFrom(4, 8),
    startTime,
    endTime,
  });
}

/** The dashboard's card of the booking on `day` at `time`, as the page's language writes the day. */
const cardOf = (page: Page, day: LocalDate, time: string, locale: Locale = 'en-US') =>
  page
    .getByTestId('reservation-card')
    .filter({ hasText: formatDayWithWeekday(day, locale) })
    .filter({ hasText: time });

/**
 * What the user must see while the server cannot be reached: the kept card with no action on it, the notice,
 * the form's place saying it cannot be used (never "No car to choose"), no error toast; axe finds nothing.
 */
async function expectKeptDashboard(
  page: Page,
  card: ReturnType<typeof cardOf>,
  notice: string,
  locale: Locale,
) {
  const t = textsOf(locale);
  await expect(page.getByText(notice, { exact: true })).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(page.getByText(t('application:reservationForm.offline'), { exact: true })).toBeVisible();
  // The form stays mounted, hidden, so what was typed is kept: none of it is visible.
  await expect(page.getByText(t('application:reservationForm.noCar')).locator('visible=true')).toHaveCount(0);
  await expect(page.getByText(t('system:error.unknown'))).toHaveCount(0);
  await expect(page.getByText(t('system:error.noResponse'))).toHaveCount(0);
  await settled(page);
  expect(await violationsOf(page, 'the dashboard while the server cannot be reached')).toBe('');
}

/** Back online: the notice gone, the card's actions and the form back, without a reload. */
async function expectRecovered(page: Page, card: ReturnType<typeof cardOf>, locale: Locale = 'en-US') {
  const t = textsOf(locale);
  // The server is asked again by itself, the longest pause between two tries half a minute.
  for (const notice of OFFLINE_NOTICES) {
    await expect(page.getByText(t(notice))).toHaveCount(0, { timeout: 45_000 });
  }
  await expect(card.getByRole('button').first()).toBeVisible();
  await expect(
    page.getByRole('button', { name: t('application:reservationForm.submit'), exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('reservation-form-offline')).toHaveCount(0);
}

const EN = textsOf('en-US');

test('offline after in-app navigation: the kept reservations, the notice, no actions, and back by itself', async ({
  page,
  context,
  request,
}) => {
  await signInToShell(page, 'user');
  const { day, reservations } = await book(request, page, '05:05:00', '05:35:00');
  try {
    await controlledBy(page);
    const card = cardOf(page, day, '05:05');
    await expect(card).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Holidays' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Holidays' })).toBeVisible();

    await context.setOffline(true);
    await menu.getByRole('link', { name: 'Reservation', exact: true }).click();
    await expectKeptDashboard(page, card, EN('system:offline.notice'), 'en-US');

    await context.setOffline(false);
    await expectRecovered(page, card);
  } finally {
    await context.setOffline(false);
    await deleteReservations(request, page, reservations);
  }
});

test('a server that does not answer while the browser is online (a gateway’s 503): the kept reservations, then fresh ones by itself', async ({
  page,
  context,
  request,
}) => {
  await signInToShell(page, 'user');
  const first = await book(request, page, '04:00:00', '04:30:00');
  const made: Entity[] = [...first.reservations];
  try {
    await controlledBy(page);
    const card = cardOf(page, first.day, '04:00');
    await expect(card).toBeVisible();

    // A proxy in front of the server answers for it: 503 to every call of the API.
    await context.route('**/api/**', (route) =>
      route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503 Service Unavailable</h1>' }),
    );
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expectKeptDashboard(page, card, EN('system:offline.unreachable'), 'en-US');

    // Booked elsewhere meanwhile: shown once the server answers again, without a reload.
    const second = await book(request, page, '03:00:00', '03:30:00');
    made.push(...second.reservations);
    await context.unroute('**/api/**');
    await expectRecovered(page, card);
    await expect(cardOf(page, second.day, '03:00')).toBeVisible();
  } finally {
    await context.unroute('**/api/**');
    await deleteReservations(request, page, made);
  }
});

test('a new tab of the same profile while offline, on a phone in Hungarian: the kept reservations, then signed in by itself', async ({
  page,
  context,
  request,
}) => {
  const phone = { width: 360, mode: 'light', locale: 'hu-HU' } as const;
  const hu = textsOf('hu-HU');
  await openAs(page, 'user', phone);
  const { day, reservations } = await book(request, page, '02:00:00', '02:30:00');
  try {
    await controlledBy(page);
    await expect(cardOf(page, day, '02:00', 'hu-HU')).toBeVisible();

    await context.setOffline(true);
    // The installed app's launch or a new tab: no session in it, the provider out of reach.
    const tab = await context.newPage();
    await tab.setViewportSize({ width: phone.width, height: 900 });
    await tab.goto('/');
    const card = cardOf(tab, day, '02:00', 'hu-HU');
    await expectKeptDashboard(tab, card, hu(await offlineNoticeKey(tab)), 'hu-HU');

    // Back online, the tab signs in by itself (the provider's session is alive) and shows what is current.
    await context.setOffline(false);
    await expectRecovered(tab, card, 'hu-HU');
  } finally {
    await context.setOffline(false);
    await deleteReservations(request, page, reservations);
  }
});

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** This spec's own server on `port` over `dataDir`, with the suite's clock; answers once it is healthy. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../packages/server/src/main.ts')],
    {
      cwd: join(import.meta.dirname, '..'),
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ALLOW_TEST_CLOCK: 'true',
        TEST_CLOCK: `${process.env.E2E_CLOCK}@${process.env.E2E_CLOCK_SINCE}`,
      },
    },
  );
  await expect
    .poll(
      async () => {
        expect(server.exitCode, 'the spec’s server exited').toBeNull();
        return fetch(`http://localhost:${port}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        );
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(200);
  return server;
}

/** Stops the server's process and waits until it is gone. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function contextOn(browser: import('@playwright/test').Browser, port: number): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: `http://localhost:${port}`, serviceWorkers: 'allow' });
  await pinClock(context);
  await chooseEnglish(context);
  return context;
}

test('the server process stopped: the kept reservations, and back by itself once it runs again', async ({
  browser,
}) => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'parkhere-e2e-offline-'));
  let server = await startServer(port, dataDir);
  const context = await contextOn(browser, port);
  try {
    const page = await context.newPage();
    await signInToShell(page, 'user');
    const { day } = await book(context.request, page, '05:05:00', '05:35:00');
    await controlledBy(page);
    const card = cardOf(page, day, '05:05');
    await expect(card).toBeVisible();

    await stopServer(server);
    // The user opens the app again while the server is down: the worker serves it, the copy shows.
    await page.reload();
    await expectKeptDashboard(page, card, EN('system:offline.unreachable'), 'en-US');

    server = await startServer(port, dataDir);
    await expectRecovered(page, card);
  } finally {
    await context.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
