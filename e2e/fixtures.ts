import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { appNow } from './clock.ts';

export type DemoLogin = 'admin' | 'user' | 'quick' | 'doorman' | 'stranger';

/** Signs in through the embedded provider's own form, as a person would. */
export async function signIn(page: Page, login: DemoLogin, path = '/'): Promise<void> {
  await page.goto(path);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(login);
  await page.locator('button[type=submit]').click();
}

/**
 * The shell's profile button. It is named by what it shows (initials, username) and then by what it is for
 * ("UU user, Profile"; `purpose` is 'Profil' in Hungarian), so the name contains its visible text (WCAG 2.5.3).
 */
export const profileButton = (page: Page, purpose = 'Profile') =>
  page.getByRole('button', { name: new RegExp(`, ${purpose}$`) });

/** Signs in and waits until the shell shows the signed-in user. */
export async function signInToShell(page: Page, login: DemoLogin, path = '/'): Promise<void> {
  await signIn(page, login, path);
  await expect(profileButton(page)).toBeVisible();
}

/** Gives a browser context the server's clock; the default context of every test has it already. */
export async function pinClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: appNow() });
}

/**
 * The specs read the interface in English, as a user who chose it would: the app's default is Hungarian
 * (SPEC §1). Only a page without a stored choice gets it, so a switch to Hungarian survives a reload.
 */
export async function chooseEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (window.localStorage.getItem('ParkHere-config') === null) {
      window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: 'en-US' }));
    }
  });
}

export const test = base.extend<{ otherPages: undefined }>({
  context: async ({ context }, use) => {
    await pinClock(context);
    await chooseEnglish(context);
    await use(context);
  },
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      // CI shows the output, not the error context's file: what was open on screen says most about a flake.
      process.stdout.write(`What was open when "${testInfo.title}" failed:\n${await openLayersOf(page)}\n`);
    }
  },
  // The pages of the contexts a test opens itself (a doorman beside an administrator), read as each context
  // closes: the test's own `finally` closes it before anyone knows whether the test failed.
  otherPages: [
    async ({ browser }, use, testInfo) => {
      const read: string[] = [];
      const newContext = browser.newContext;
      browser.newContext = async (...options) => {
        const context = await newContext.apply(browser, options);
        const close = context.close;
        context.close = async (...reason) => {
          for (const page of context.pages()) {
            read.push(await openLayersOf(page));
          }
          return close.apply(context, reason);
        };
        return context;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      if (testInfo.status !== testInfo.expectedStatus && read.length > 0) {
        process.stdout.write(`The test's other pages when they closed:\n${read.join('\n')}\n`);
      }
    },
    { auto: true },
  ],
});

/** The dialogs, menus, lists and alerts a failed test's page showed, with the focused element, briefly. */
async function openLayersOf(page: Page): Promise<string> {
  const layers = page.locator(
    '[role=dialog], [role=alertdialog], [role=menu], [role=listbox], [role=alert], .notistack-SnackbarContainer',
  );
  const shown = await Promise.all(
    (await layers.all()).map(async (layer) =>
      (await layer.ariaSnapshot({ timeout: 1000 }).catch(() => '?')).slice(0, 600),
    ),
  ).catch(() => []);
  const focused = await page
    .evaluate(() => {
      const active = document.activeElement;
      return active === null ? 'none' : `${active.tagName} ${active.getAttribute('aria-label') ?? active.id}`;
    })
    .catch(() => 'unknown (the page is gone)');
  return [
    `url: ${page.url()}`,
    `focused: ${focused}`,
    ...(shown.length > 0 ? shown : ['no dialog, menu, list or alert']),
  ].join('\n');
}

export { expect };

/** Waits until the service worker is active, then reloads so that it controls the page. */
export async function controlledBy(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The two notices of an app that cannot reach its server (text keys): no network, or no answer. */
export const OFFLINE_NOTICES = ['system:offline.notice', 'system:offline.unreachable'] as const;

/**
 * Which notice the app shows while the server cannot be reached, by what the browser tells the page: "You are
 * offline" where `navigator.onLine` is false, "ParkHere cannot be reached" where it is true. Chromium versions
 * differ for a page loaded from the service worker while Playwright emulates no network: 156 reports it offline,
 * Debian's 150 online (its emulation reaches only the network stack). Either way the user sees the kept copy,
 * with the notice that fits what their device says.
 */
export async function offlineNoticeKey(page: Page): Promise<(typeof OFFLINE_NOTICES)[number]> {
  return (await page.evaluate(() => navigator.onLine))
    ? 'system:offline.unreachable'
    : 'system:offline.notice';
}

/** The smallest file the server takes for a PNG: its signature and a little more. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
