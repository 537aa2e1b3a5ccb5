import { cspViolations } from './csp.ts';
import { expect, test } from './fixtures.ts';

/*
 * The API description as an integrator opens it: /api/docs renders /api/openapi.json with the Swagger UI this
 * server ships, under the app's Content-Security-Policy, with nothing the policy has to block.
 */

test('renders the described endpoints with no CSP violation', async ({ page }) => {
  const violations = await cspViolations(page);
  page.on('pageerror', (error) => violations.push(String(error)));

  const answer = await page.goto('/api/docs');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: /ParkHere API/ })).toBeVisible();

  // Every type's endpoints under its tag (collapsed: there are some two hundred), the file routes beside them.
  // Swagger UI breaks paths with zero-width spaces, so they are found by their links' accessible names.
  const endpoint = (path: string) => page.getByRole('link', { name: path, exact: true });
  const tag = (name: string) => page.locator(`#operations-tag-${name}`);
  await expect(tag('Car')).toBeVisible();
  await tag('UserReservationPanel').click();
  await expect(endpoint('/api/services/UserReservationPanel/reservation')).toBeVisible();
  await tag('Files').click();
  await expect(endpoint('/ParkHere/upload')).toBeVisible();

  // An update names its instance and its fields with the headers of SPEC §7, and lists its error answers.
  await tag('Car').click();
  await page.getByRole('button', { name: /^POST \/api\/services\/Car\/~update / }).click();
  const update = page.locator('.opblock.is-open');
  await expect(update.getByText('X-Judo-SignedIdentifier')).toBeVisible();
  await expect(update.getByText('X-Judo-Mask')).toBeVisible();
  await expect(update.locator('.response-col_status', { hasText: '409' })).toBeVisible();

  // The provider's scheme: Authorize lists the OpenID Connect discovery of the embedded provider.
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('/idp/.well-known/openid-configuration').first()).toBeVisible();

  expect(violations).toEqual([]);
});

test('Authorize signs in through the embedded provider with code and PKCE, and an operation answers with the token', async ({
  page,
}) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /ParkHere API/ })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  // The discovery offers the code flow only: no implicit flow to choose.
  const dialog = page.locator('.modal-ux');
  await expect(dialog.getByText('authorization_code').first()).toBeVisible();
  await expect(dialog.getByText('implicit')).toHaveCount(0);
  const codeFlow = dialog.locator('.auth-container').filter({ hasText: 'authorization_code' });
  await expect(codeFlow.locator('input[data-name=clientId]')).toHaveValue('parkhere-web');

  const authorizeRequest = page
    .context()
    .waitForEvent('request', (request) => request.url().includes('/idp/auth?'));
  const tokenRequest = page.waitForRequest((request) => request.url().endsWith('/idp/token'));
  const popupOpened = page.waitForEvent('popup');
  await expect(codeFlow.getByRole('heading', { name: /authorization_code with PKCE/ })).toBeVisible();
  await codeFlow.getByRole('button', { name: 'Apply given OAuth2 credentials' }).click();
  const popup = await popupOpened;
  const asked = new URL((await authorizeRequest).url());
  expect(asked.searchParams.get('response_type')).toBe('code');
  expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
  expect(asked.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(asked.searchParams.get('redirect_uri')).toMatch(/\/api\/docs\/oauth2-redirect\.html$/);
  await popup.locator('input[name=login]').fill('user');
  await popup.locator('input[name=password]').fill('user');
  await popup.locator('button[type=submit]').click();
  // The redirect page hands the code over and closes; the page exchanges it with its verifier.
  const exchange = new URLSearchParams((await tokenRequest).postData() ?? '');
  expect(exchange.get('grant_type')).toBe('authorization_code');
  expect(exchange.get('code_verifier')).toMatch(/^[\w.~-]{43,128}$/);
  // The pop-up may have closed before this line: poll its state rather than wait for an event already past.
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(codeFlow.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
  await codeFlow.getByRole('button', { name: 'Close' }).click();

  // An operation called from the page carries the token and answers the signed-in user.
  await page.locator('#operations-tag-Actor').click();
  await page.getByRole('button', { name: /^GET \/api\/services\/Actor\/~principal\b/ }).click();
  const operation = page.locator('.opblock.is-open');
  await operation.getByRole('button', { name: 'Try it out' }).click();
  const called = page.waitForRequest((request) => request.url().endsWith('/api/services/Actor/~principal'));
  await operation.getByRole('button', { name: 'Execute' }).click();
  expect((await called).headers().authorization).toMatch(/^Bearer ey/);
  const live = operation.locator('.live-responses-table');
  await expect(live.locator('tbody .response-col_status')).toHaveText('200');
  await expect(live.locator('tbody .response-col_description')).toContainText('user@parkhere.example');
});
