import type { Page } from '@playwright/test';
import { animationsEnded, openAs, settled, type Variant, violationsOf } from './axe.ts';
import { type DemoLogin, expect, profileButton, test } from './fixtures.ts';
import { parameterlessScreens, type ScreenEntry } from './screens.ts';

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

/**
 * Who sees a screen: an administrator opens them all (in two walks, their own screens with the shell's popup
 * and the administrators' screens, so each walk stays short); the doorman and the user their own.
 */
const VISITORS: readonly { login: DemoLogin; walk: string; screens: (screen: ScreenEntry) => boolean }[] = [
  { login: 'admin', walk: 'admin', screens: (screen) => screen.access === 'everyone' },
  { login: 'admin', walk: 'admin settings', screens: (screen) => screen.access === 'administrators' },
  {
    login: 'user',
    walk: 'user',
    screens: (screen) => screen.access === 'everyone' && screen.name !== 'arrivals',
  },
  { login: 'doorman', walk: 'doorman', screens: (screen) => screen.name === 'arrivals' },
];

/** The shell's popup: the profile menu (theme, language, sign-out), checked while it is open. */
async function dialogViolations(page: Page, variant: Variant): Promise<string[]> {
  const hungarian = variant.locale === 'hu-HU';
  await page.goto('/');
  await settled(page);
  const failures: string[] = [];
  const check = async (name: string) => {
    failures.push(await violationsOf(page, name));
  };
  await profileButton(page, hungarian ? 'Profil' : 'Profile').click();
  await expect(page.getByRole('menu')).toBeVisible();
  // Judged once its fade-in has ended: half-way its text is paler than anyone reads it.
  await animationsEnded(page);
  await check('the profile menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  return failures;
}

const screens = parameterlessScreens();

test('the screen table yields the screens the app shows', () => {
  expect(screens.map((screen) => screen.name)).toEqual(
    expect.arrayContaining([
      'dashboard',
      'holidays',
      'arrivals',
      'users',
      'configuration',
      'reports',
      'failedJobs',
      'import',
    ]),
  );
});

for (const variant of VARIANTS) {
  for (const visitor of VISITORS) {
    const label = `${variant.width} px, ${variant.mode}, ${variant.locale}, ${visitor.walk}`;
    test(`every screen meets WCAG 2.1 AA at ${label}`, async ({ page }) => {
      const visited = screens.filter(visitor.screens);
      // The time allowed grows with the screen table.
      test.setTimeout(60_000 + 20_000 * visited.length);
      await openAs(page, visitor.login, variant);
      const failures: string[] = [];
      for (const screen of visited) {
        await page.goto(screen.path);
        await settled(page);
        failures.push(await violationsOf(page, `${screen.name} (${screen.path})`));
      }
      if (visitor.walk === 'admin') {
        failures.push(...(await dialogViolations(page, variant)));
      }
      expect(failures.filter(Boolean).join('\n\n'), `axe violations at ${label}`).toBe('');
    });
  }
}
