import type { Page } from '@playwright/test';
import { expect, profileButton, signInToShell, test } from './fixtures.ts';

/*
 * Issue 31 §1: a new tab or an installed app's launch, the provider's session alive and the tab's own session
 * empty (it lives in sessionStorage), signs in in a hidden frame instead of sending the whole page to the provider
 * and back; when the frame cannot (no session, a refusal, no answer) the page goes to the provider as before.
 */

/** The paths the page's own window is sent to (its top-level navigations, not its frames'). */
function topLevelPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      paths.push(new URL(request.url()).pathname);
    }
  });
  return paths;
}

const profile = (page: Page) => profileButton(page);

/** Answers the hidden frame's request to the provider with what `answer` makes of its state. */
async function answerSilentRequest(page: Page, answer: (state: string) => string | 'abort'): Promise<void> {
  await page.route(/\/idp\/auth\?/, async (route) => {
    if (route.request().frame() === page.mainFrame()) {
      await route.continue();
      return;
    }
    const state = new URL(route.request().url()).searchParams.get('state') ?? '';
    const location = answer(state);
    if (location === 'abort') {
      await route.abort();
    } else {
      await route.fulfill({ status: 302, headers: { location } });
    }
  });
}

test('a new tab of a signed-in browser signs in without leaving the page', async ({ page, context }) => {
  await signInToShell(page, 'user');
  const tab = await context.newPage();
  const paths = topLevelPaths(tab);
  await tab.goto('/');
  await expect(profile(tab)).toBeVisible();
  expect(paths).toEqual(['/']);
  // The tab holds a session of its own, as a signed-in tab does.
  const sessions = await tab.evaluate(() =>
    Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.user:')),
  );
  expect(sessions).toHaveLength(1);
});

test('a new tab after the provider’s session ended goes to the sign-in form', async ({ page, context }) => {
  await signInToShell(page, 'user');
  await context.clearCookies();
  const tab = await context.newPage();
  const paths = topLevelPaths(tab);
  await tab.goto('/');
  await expect(tab.locator('input[name=login]')).toBeVisible();
  expect(paths.slice(0, 2)).toEqual(['/', '/idp/auth']);
});

test('a silent answer that asks for consent falls back to the redirect, which signs in', async ({
  page,
  context,
}) => {
  await signInToShell(page, 'user');
  const tab = await context.newPage();
  await answerSilentRequest(tab, (state) => `/silent-renew.html?error=consent_required&state=${state}`);
  const paths = topLevelPaths(tab);
  await tab.goto('/');
  await expect(profile(tab)).toBeVisible();
  expect(paths.slice(0, 2)).toEqual(['/', '/idp/auth']);
});

test('a silent request that never answers falls back to the redirect after the timeout', async ({
  page,
  context,
}) => {
  await signInToShell(page, 'user');
  const tab = await context.newPage();
  await answerSilentRequest(tab, () => 'abort');
  const paths = topLevelPaths(tab);
  await tab.goto('/');
  // SPEC §9: the silent request's timeout is 10 s.
  await expect(profile(tab)).toBeVisible({ timeout: 40_000 });
  expect(paths.slice(0, 2)).toEqual(['/', '/idp/auth']);
});
