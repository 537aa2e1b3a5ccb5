import { expect, test } from './fixtures.ts';

/*
 * The API description as an integrator opens it: /api/docs renders /api/openapi.json with the Swagger UI this
 * server ships, under the app's Content-Security-Policy, with nothing the policy has to block.
 */

test('renders the described endpoints with no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  page.on('pageerror', (error) => violations.push(String(error)));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });

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
