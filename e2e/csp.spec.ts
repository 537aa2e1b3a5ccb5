import { cspViolations } from './csp.ts';
import { expect, signInToShell, test } from './fixtures.ts';

/*
 * The app under its own Content-Security-Policy (script-src 'self', no 'unsafe-eval'), as a user and an
 * administrator meet it: nothing on the dashboard or an administrator's table asks for what the policy blocks.
 * A blocked attempt is logged as an issue in the browser's DevTools and costs Lighthouse's best practices
 * (zod's probe of `new Function` on its first parse did, on every page).
 */
test('the dashboard asks for nothing the Content-Security-Policy blocks', async ({ page }) => {
  const violations = await cspViolations(page);
  await signInToShell(page, 'user', '/');
  await expect(page.getByRole('region', { name: 'My Previous Reservations' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('an administrator’s table asks for nothing the Content-Security-Policy blocks', async ({ page }) => {
  const violations = await cspViolations(page);
  await signInToShell(page, 'admin', '/Services/Actor/Users/AccessTablePage');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[role=progressbar]')).toHaveCount(0);
  expect(violations).toEqual([]);
});
