import { violationsOf } from './axe.ts';
import { expect, profileButton, test } from './fixtures.ts';

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

/*
 * Its sign-out pages (issue 31): the app's own sign-out carries its language to the end session (ui_locales); a
 * sign-out the app did not start asks first, then says it is done; a refused one says so. Each in the app's
 * language (Hungarian by default), and axe finds nothing on them.
 */
const SIGN_OUT = {
  'hu-HU': {
    profile: 'Profil',
    question: 'Ki szeretne jelentkezni a ParkHere-ből?',
    signOut: 'Kijelentkezés',
    stay: 'Bejelentkezve maradok',
    done: 'Kijelentkezett',
    back: 'Vissza a ParkHere-be',
    refused: 'Valami hiba történt',
  },
  'en-US': {
    profile: 'Profile',
    question: 'Do you want to sign out of ParkHere?',
    signOut: 'Sign out',
    stay: 'Stay signed in',
    done: 'Signed out',
    back: 'Back to ParkHere',
    refused: 'Something went wrong',
  },
} as const;

for (const language of LANGUAGES) {
  for (const width of [1280, 360]) {
    test(`the sign-out pages speak ${language.locale} as the app does and meet WCAG 2.1 AA at ${width} px`, async ({
      page,
    }) => {
      test.slow();
      const texts = SIGN_OUT[language.locale];
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((locale) => {
        window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: locale }));
      }, language.locale);
      const signInAsUser = async () => {
        await page.goto('/');
        await page.getByLabel(language.username, { exact: true }).fill('user');
        await page.getByLabel(language.password, { exact: true }).fill('user');
        await page.getByRole('button', { name: language.submit, exact: true }).click();
        await expect(profileButton(page, texts.profile)).toBeVisible();
      };

      // The app's own sign-out asks the provider's end session in the app's language.
      await signInAsUser();
      await profileButton(page, texts.profile).click();
      const endSession = page.waitForRequest((request) => request.url().includes('/idp/session/end?'));
      // One name for it in the app's menu and on the provider's pages (issue 31).
      await page.getByRole('menuitem', { name: texts.signOut, exact: true }).click();
      expect(new URL((await endSession).url()).searchParams.get('ui_locales')).toBe(language.locale);
      await expect(page.getByRole('button', { name: language.submit, exact: true })).toBeVisible();

      // A sign-out link from elsewhere (no ID token of the app): the question first, then the signed-out page.
      await signInAsUser();
      await page.goto(`/idp/session/end?ui_locales=${language.locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      await expect(page.getByText(texts.question)).toBeVisible();
      await expect(page.getByRole('link', { name: texts.stay })).toBeVisible();
      expect(await violationsOf(page, `the sign-out question (${language.locale}, ${width} px)`)).toBe('');
      await page.getByRole('button', { name: texts.signOut, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.done })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      await expect(page.getByRole('link', { name: texts.back })).toBeVisible();
      expect(await violationsOf(page, `the signed-out page (${language.locale}, ${width} px)`)).toBe('');

      // A sign-out request the provider refuses.
      await page.goto(`/idp/session/end?id_token_hint=none&ui_locales=${language.locale}`);
      await expect(page.getByRole('heading', { level: 1, name: texts.refused })).toBeVisible();
      expect(await violationsOf(page, `the refused sign-out (${language.locale}, ${width} px)`)).toBe('');
    });
  }
}
