import { DEFAULT_TIME_ZONE, type LocalDate, wallClockAt } from '@parkhere/contract';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

export type DemoLogin = 'admin' | 'user' | 'quick' | 'doorman' | 'stranger';

/** Signs in through the embedded provider's own form, as a person would. */
export async function signIn(page: Page, login: DemoLogin, path = '/'): Promise<void> {
  await page.goto(path);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(login);
  await page.locator('button[type=submit]').click();
}

/** Signs in and waits until the shell shows the signed-in user. */
export async function signInToShell(page: Page, login: DemoLogin, path = '/'): Promise<void> {
  await signIn(page, login, path);
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}

/** An entity as the API answers it, with the metadata the tests pass back. */
export type Entity = Record<string, unknown> & { __identifier?: string; __signedIdentifier?: string };

/** The signed-in user's access token, from the session the web app keeps (SPEC §9). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index) ?? '';
      if (key.startsWith('oidc.user:') && key.endsWith(':parkhere-web')) {
        return JSON.parse(sessionStorage.getItem(key) ?? '{}').access_token as string | undefined;
      }
    }
    return undefined;
  });
  if (token === undefined) {
    throw new Error('no access token in the session');
  }
  return token;
}

/** The app's time now: the instant playwright.config.ts pinned, run on with the real time since. */
export function appNow(): Date {
  const pinned = Date.parse(process.env.E2E_CLOCK ?? '');
  const since = Date.parse(process.env.E2E_CLOCK_SINCE ?? '');
  if (Number.isNaN(pinned) || Number.isNaN(since)) {
    throw new Error('E2E_CLOCK and E2E_CLOCK_SINCE come from playwright.config.ts');
  }
  return new Date(pinned + Date.now() - since);
}

/** Today on the app's clock, in the app's time zone. */
export const appToday = (): LocalDate => wallClockAt(appNow(), DEFAULT_TIME_ZONE).date;

/** Gives a browser context the server's clock; the default context of every test has it already. */
export async function pinClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: appNow() });
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await pinClock(context);
    await use(context);
  },
});
export { expect };
