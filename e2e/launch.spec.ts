import type { Page } from '@playwright/test';
import { expect, profileButton, signInToShell, test } from './fixtures.ts';

/*
 * Issue 31 §1: a new tab or an installed app's launch, the provider's session alive and the tab's own session
 * empty (it lives in sessionStorage), signs in in a hidden frame instead of sending the whole page to the provider
 * and back; when the frame cannot (no session, a refusal, no answer) the page goes to the provider as before.
 * Once the provider has named the user, their kept copy shows the app while their principal is read; never
 * before, and never another user's.
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

/** How often the tab asked the provider to sign in, exchanged a code, read the principal and loaded a frame. */
function signInCalls(page: Page) {
  const calls = { authorize: 0, token: 0, principal: 0, frames: 0 };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.isNavigationRequest() && request.frame() !== page.mainFrame()) {
      calls.frames += 1;
    }
    if (path === '/idp/auth') {
      calls.authorize += 1;
    } else if (path === '/idp/token') {
      calls.token += 1;
    } else if (path === '/api/services/Actor/~principal') {
      calls.principal += 1;
    }
  });
  return calls;
}

/** Holds the tab's principal answers until `release` is called. */
async function holdPrincipal(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/services/Actor/~principal', async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}

/**
 * Answers the silent request to the provider (a fetch for the embedded provider, a frame's navigation for an
 * external one) with what `answer` makes of its state, or never; the page's own navigations go through.
 */
async function answerSilentRequest(page: Page, answer: (state: string) => string | 'never'): Promise<void> {
  await page.route(/\/idp\/auth\?/, async (route) => {
    if (route.request().isNavigationRequest() && route.request().frame() === page.mainFrame()) {
      await route.continue();
      return;
    }
    const state = new URL(route.request().url()).searchParams.get('state') ?? '';
    const location = answer(state);
    if (location !== 'never') {
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
  await answerSilentRequest(tab, () => 'never');
  const paths = topLevelPaths(tab);
  await tab.goto('/');
  // SPEC §9: the silent request's timeout is 10 s.
  await expect(profile(tab)).toBeVisible({ timeout: 40_000 });
  expect(paths.slice(0, 2)).toEqual(['/', '/idp/auth']);
});

test('a new tab shows the app from the user’s kept copy while their principal is read, signing in once', async ({
  page,
  context,
}) => {
  await signInToShell(page, 'user');
  // The visit keeps its copy: who the user is and their reservations.
  await expect(page.getByRole('heading', { name: 'Active Reservations' })).toBeVisible();
  const tab = await context.newPage();
  const calls = signInCalls(tab);
  const principal = await holdPrincipal(tab);
  await tab.goto('/');
  // The principal is asked and not answered yet: the shell shows the user the provider named, as kept.
  await expect.poll(() => calls.principal).toBe(1);
  await expect(profile(tab)).toHaveAccessibleName(/ user, Profile$/);
  principal.release();
  await expect(tab.getByRole('heading', { name: 'Active Reservations' })).toBeVisible();
  await expect(profile(tab)).toHaveAccessibleName(/ user, Profile$/);
  // One silent request (the embedded provider's, fetched: no frame), one code exchanged, one principal read.
  expect(calls).toEqual({ authorize: 1, token: 1, principal: 1, frames: 0 });
});

test('a launch never shows the last user’s kept copy to the next one the provider names', async ({
  page,
  context,
}) => {
  await signInToShell(page, 'user');
  await expect(page.getByRole('heading', { name: 'Active Reservations' })).toBeVisible();
  // The first user's provider session ends without a sign-out; the next person opens the app and signs in.
  await context.clearCookies();
  const tab = await context.newPage();
  const calls = signInCalls(tab);
  const principal = await holdPrincipal(tab);
  await tab.goto('/');
  await tab.locator('input[name=login]').fill('quick');
  await tab.locator('input[name=password]').fill('quick');
  await tab.locator('button[type=submit]').click();
  // Named now, their principal not read yet: nothing of the first user, and no app to show it in.
  await expect.poll(() => calls.principal).toBe(1);
  await expect(tab.getByRole('heading', { name: 'Loading principal data...' })).toBeVisible();
  await expect(profile(tab)).toBeHidden();
  expect(await tab.evaluate(() => document.body.innerText)).not.toContain('Ulrich');
  principal.release();
  await expect(profile(tab)).toHaveAccessibleName(/ quick, Profile$/);
  expect(await tab.evaluate(() => document.body.innerText)).not.toContain('Ulrich');
});
