import { violationsOf } from './axe.ts';
import { expect, test } from './fixtures.ts';

/*
 * The embedded provider's sign-in page (issue 31 §3, accessibility): it speaks the app's language (the sign-in
 * carries it as ui_locales: Hungarian by default, English once chosen), its button's text meets 4.5:1, and axe
 * finds nothing on it, before and after a refused password, in both languages and on a phone.
 */

const LANGUAGES = [
  {
    locale: 'hu-HU',
    lang: 'hu',
    submit: 'Bejelentkezés',
    username: 'Felhasználónév',
    password: 'Jelszó',
    refused: 'Hibás felhasználónév vagy jelszó.',
  },
  {
    locale: 'en-US',
    lang: 'en',
    submit: 'Sign in',
    username: 'Username',
    password: 'Password',
    refused: 'Invalid username or password',
  },
] as const;

for (const language of LANGUAGES) {
  for (const width of [1280, 360]) {
    test(`the sign-in page speaks ${language.locale} as the app does and meets WCAG 2.1 AA at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      // The app's language as the theme drawer keeps it (the specs' fixture chose English unless one is kept).
      await page.addInitScript((locale) => {
        window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: locale }));
      }, language.locale);
      await page.goto('/');
      const submit = page.getByRole('button', { name: language.submit, exact: true });
      await expect(submit).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      await expect(page.getByRole('heading', { level: 1, name: language.submit })).toBeVisible();
      await expect(page.getByLabel(language.username, { exact: true })).toBeVisible();
      expect(await violationsOf(page, `the sign-in page (${language.locale}, ${width} px)`)).toBe('');

      // A refused password: said in the same language, and the page still meets AA.
      await page.getByLabel(language.username, { exact: true }).fill(`nobody-${language.lang}-${width}`);
      await page.getByLabel(language.password, { exact: true }).fill('wrong');
      await submit.click();
      await expect(page.getByRole('alert')).toHaveText(language.refused);
      expect(await violationsOf(page, `the refused sign-in (${language.locale}, ${width} px)`)).toBe('');
    });
  }
}
