import type { Page } from '@playwright/test';
import { reservationForm } from './controls.ts';
import { type DemoLogin, expect, signInToShell, test } from './fixtures.ts';
import { parameterlessScreens } from './screens.ts';

/** Issue 15: one-handed on a 360 px phone. */
const PHONE = { width: 360, height: 780 };
const TOUCH_TARGET = 44;

test.use({ viewport: PHONE });

/** How far the page is wider than the phone, in CSS px (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

const screens = parameterlessScreens();

for (const [login, visible] of [
  ['admin', () => true],
  ['doorman', (name: string) => name === 'arrivals'],
] as const satisfies readonly (readonly [DemoLogin, (name: string) => boolean])[]) {
  test(`no screen scrolls sideways at 360 px (${login})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInToShell(page, login, '/');
    const wide: string[] = [];
    for (const screen of screens.filter((entry) => visible(entry.name))) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[role=progressbar], .MuiSkeleton-root')).toHaveCount(0, { timeout: 30_000 });
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) {
        wide.push(`${screen.name} (${screen.path}) is ${overflow} px too wide`);
      }
    }
    expect(wide).toEqual([]);
  });
}

test('the reservation form and the cards are thumb-sized at 360 px', async ({ page }) => {
  await signInToShell(page, 'user', '/');
  const form = reservationForm(page);
  await expect(form.getByRole('combobox', { name: 'Car' })).toBeVisible();
  const targets = page
    .locator(
      'form button:visible, form [role=combobox]:visible, [data-testid=reservation-card] button:visible',
    )
    .filter({ visible: true });
  await expect(targets.first()).toBeVisible();
  const small: string[] = [];
  for (const target of await targets.all()) {
    // A text combobox (the slot search) is tapped anywhere on its field, whose box is the target.
    const box = await target.evaluate((element) => {
      const rect = (element.closest('.MuiInputBase-root') ?? element).getBoundingClientRect();
      return { width: rect.width, height: rect.height };
    });
    if (box.height < TOUCH_TARGET || box.width < TOUCH_TARGET) {
      const name = (await target.getAttribute('aria-label')) ?? (await target.textContent()) ?? '';
      small.push(`${name.trim()}: ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  expect(small).toEqual([]);
});
