import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type DemoLogin, expect, signIn, test } from './fixtures.ts';
import { parameterlessScreens, type ScreenEntry } from './screens.ts';

/** The WCAG 2.1 A and AA rules of issue 15. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Variant = { width: number; mode: 'light' | 'dark'; locale: 'en-US' | 'hu-HU' };

/*
 * Every pair of width, theme and language meets in one of these four, so each screen loads four times instead
 * of eight: contrast depends on the theme, names on the language, layout on the width, and each of those is
 * seen with both values of the others.
 */
const VARIANTS: readonly Variant[] = [
  { width: 1440, mode: 'light', locale: 'en-US' },
  { width: 1440, mode: 'dark', locale: 'hu-HU' },
  { width: 390, mode: 'light', locale: 'hu-HU' },
  { width: 390, mode: 'dark', locale: 'en-US' },
];

/** Who sees a screen: an administrator opens them all; the doorman and the user their own. */
const VISITORS: readonly { login: DemoLogin; screens: (screen: ScreenEntry) => boolean }[] = [
  { login: 'admin', screens: () => true },
  { login: 'user', screens: (screen) => screen.access === 'everyone' && screen.name !== 'arrivals' },
  { login: 'doorman', screens: (screen) => screen.name === 'arrivals' },
];

/** Starts the app with the variant's theme and language in the stored preferences, as the theme drawer keeps them. */
async function openAs(page: Page, login: DemoLogin, variant: Variant): Promise<void> {
  await page.setViewportSize({ width: variant.width, height: 900 });
  await page.addInitScript(
    (preferences) => {
      localStorage.setItem('ParkHere-config', JSON.stringify(preferences));
    },
    {
      i18n: variant.locale,
      mode: variant.mode,
      menuOrientation: 'horizontal',
      miniDrawer: false,
      container: false,
      header: true,
    },
  );
  await signIn(page, login, '/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
}

/** Waits until nothing on the page is loading any more, so axe sees the page a person reads. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role=progressbar], .MuiSkeleton-root')).toHaveCount(0, { timeout: 30_000 });
  // A fade or ripple half-way mixes colours no one reads: axe judges contrast once transitions have ended.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    undefined,
    { timeout: 10_000 },
  );
}

/** The violations as lines a person can act on: rule, impact, help, and each node's selector and summary. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        ...violation.nodes.map(
          (node) => `  ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

/** The shell's popup: the profile menu (theme, language, sign-out), checked while it is open. */
async function dialogViolations(page: Page, variant: Variant): Promise<string[]> {
  const hungarian = variant.locale === 'hu-HU';
  await page.goto('/');
  await settled(page);
  const failures: string[] = [];
  const check = async (name: string) => {
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    if (results.violations.length > 0) {
      failures.push(`${name}:\n${describe(results.violations)}`);
    }
  };
  await page.getByRole('button', { name: hungarian ? 'Profil' : 'Profile', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await check('the profile menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  return failures;
}

const screens = parameterlessScreens();

test('the screen table yields the screens the app shows', () => {
  expect(screens.map((screen) => screen.name)).toEqual(
    expect.arrayContaining(['dashboard', 'holidays', 'arrivals', 'users', 'configuration']),
  );
});

for (const variant of VARIANTS) {
  for (const visitor of VISITORS) {
    const label = `${variant.width} px, ${variant.mode}, ${variant.locale}, ${visitor.login}`;
    test(`every screen meets WCAG 2.1 AA at ${label}`, async ({ page }) => {
      test.setTimeout(180_000);
      await openAs(page, visitor.login, variant);
      const failures: string[] = [];
      for (const screen of screens.filter(visitor.screens)) {
        await page.goto(screen.path);
        await settled(page);
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        if (results.violations.length > 0) {
          failures.push(`${screen.name} (${screen.path}):\n${describe(results.violations)}`);
        }
      }
      if (visitor.login === 'admin') {
        failures.push(...(await dialogViolations(page, variant)));
      }
      expect(failures.join('\n\n'), `axe violations at ${label}`).toBe('');
    });
  }
}
