import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { controlledBy, expect, profileButton, signInToShell, test } from './fixtures.ts';

/*
 * A new version of the app, as a deployment brings it: the server serves the next build's worker from the moment
 * its update is found to the end of the test, so it runs alone after all the other specs (playwright.config.ts):
 * their pages, which share this server, keep the version they run.
 */
test.use({ serviceWorkers: 'allow' });

/** The worker the e2e server serves (a file of the web app's build, read from disk on every request). */
const WORKER = join(import.meta.dirname, '../packages/web/dist/sw.js');

/**
 * Serves the next build's worker while `test` runs: the same script with the page at a new precache revision,
 * as a rebuild whose index.html changed would serve it. Put back afterwards.
 */
async function whileNextBuildServed(test: (revision: string) => Promise<void>): Promise<void> {
  const revision = `e2e${Date.now()}`;
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
    await test(revision);
  } finally {
    swap(current);
  }
}

/** What a page sees of a new version and its worker. */
function versionOf(page: Page) {
  return {
    offer: page.getByText('A new version is available', { exact: true }),
    /** A new worker waits for the user. */
    waiting: () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null),
    /** Set on the page before the update: gone once the page has reloaded. */
    loadedBefore: () => page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate === true),
    /** The build revisions of the page (index.html) in the workers' caches. */
    cachedPageRevisions: () =>
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
      }),
  };
}

/** A signed-in page that the current build's worker controls, marked so that a reload shows. */
async function controlledPage(page: Page): Promise<void> {
  await signInToShell(page, 'user');
  await controlledBy(page);
  await page.evaluate(() => {
    (window as { beforeUpdate?: boolean }).beforeUpdate = true;
  });
}

/** The check for a new worker the browser makes on its own now and then, made now: the new version is offered. */
async function offered(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const version = versionOf(page);
  await expect(version.offer).toBeVisible();
  // Offered, not mixed in: the new worker waits, and this page was not reloaded under the user.
  expect(await version.waiting()).toBe(true);
  expect(await version.loadedBefore()).toBe(true);
}

/** The new version took over: nothing waits any more, the cached page is the new build's alone, no offer. */
async function expectNewVersion(page: Page, revision: string): Promise<void> {
  const version = versionOf(page);
  expect(await version.loadedBefore()).toBe(false);
  await expect.poll(version.waiting).toBe(false);
  // The old worker's clean-up of its precache runs after the new one activates: given time on a loaded CI.
  await expect.poll(version.cachedPageRevisions, { timeout: 30_000 }).toEqual([revision]);
  await expect(version.offer).toHaveCount(0);
  await expect(profileButton(page)).toBeVisible();
}

test('a new version is offered with Reload and takes over only when the user accepts it', async ({
  page,
}) => {
  await controlledPage(page);
  await whileNextBuildServed(async (revision) => {
    await offered(page);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await reloaded;
    await expectNewVersion(page, revision);
  });
});

/**
 * Holds a request open in the worker that controls the page until the returned function lets it go. Chromium
 * activates a new worker only once the old one has no event in flight, and waits up to five minutes for that.
 */
async function requestInFlight(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const workers = await Promise.all(
    context.serviceWorkers().map(async (worker) => ({
      worker,
      state: await worker.evaluate(
        () => (self as unknown as { serviceWorker: ServiceWorker }).serviceWorker.state,
      ),
    })),
  );
  const controlling = workers.find(({ state }) => state === 'activated')?.worker;
  if (controlling === undefined) {
    throw new Error('no worker controls the page');
  }
  await controlling.evaluate(() => {
    const scope = self as unknown as {
      addEventListener(
        type: 'fetch',
        listener: (event: { request: Request; waitUntil(done: Promise<void>): void }) => void,
      ): void;
      release?: () => void;
    };
    scope.addEventListener('fetch', (event) => {
      if (new URL(event.request.url).pathname === '/held-by-the-test') {
        event.waitUntil(new Promise<void>((release) => (scope.release = release)));
      }
    });
  });
  await page.evaluate(() => void fetch('/held-by-the-test').catch(() => undefined));
  return () => controlling.evaluate(() => (self as unknown as { release: () => void }).release());
}

test('Reload never does nothing: held back by the browser, the page reloads whole and takes the new version once it may', async ({
  page,
  context,
}) => {
  await controlledPage(page);
  await whileNextBuildServed(async (revision) => {
    await offered(page);
    const release = await requestInFlight(context, page);

    let reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    // The page reloads even so, into the version it ran (whole, never mixed), and the new worker still waits.
    await reloaded;
    expect(await versionOf(page).loadedBefore()).toBe(false);
    expect(await versionOf(page).waiting()).toBe(true);
    await expect(versionOf(page).offer).toBeVisible();

    // The request ends: the new version takes over, and the page, whose user accepted it, reloads into it.
    reloaded = page.waitForEvent('load');
    await release();
    await reloaded;
    await expectNewVersion(page, revision);
  });
});
