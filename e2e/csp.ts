import type { Page } from '@playwright/test';

/**
 * What the page's Content-Security-Policy blocks from now on, as the browser reports it (a violation event, or a
 * console line); listen before the page loads. The list fills as the page runs.
 */
export async function cspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return violations;
}
