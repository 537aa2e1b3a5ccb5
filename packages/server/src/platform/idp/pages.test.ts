import { describe, expect, it } from 'vitest';
import { loginLanguage, loginPage, waitText } from './pages.ts';

describe("the embedded provider's sign-in pages", () => {
  it('speak the app’s language, else the browser’s, else Hungarian like the app', () => {
    expect(loginLanguage('en-US', 'hu-HU')).toBe('en');
    expect(loginLanguage('hu-HU', 'en-US')).toBe('hu');
    expect(loginLanguage(undefined, 'en-GB,en;q=0.9')).toBe('en');
    expect(loginLanguage(undefined, undefined)).toBe('hu');
    expect(loginLanguage('de-DE', 'fr-FR')).toBe('hu');
  });

  it('say how long to wait in either language', () => {
    expect(waitText(60_000, 'en')).toBe('a minute');
    expect(waitText(90_000, 'en')).toBe('2 minutes');
    expect(waitText(1_000, 'hu')).toBe('egy másodperc');
    expect(waitText(600_000, 'hu')).toBe('10 perc');
  });

  it('write the Hungarian form whole, with the page’s language', () => {
    const page = loginPage({
      action: '/idp/interaction/x/login',
      language: 'hu',
      showDemoAccounts: true,
      error: 'Túl sok sikertelen bejelentkezés. Próbálja újra egy perc múlva.',
    });
    expect(page).toContain('<html lang="hu">');
    expect(page).toContain('Fejlesztői bejelentkezés. Demófiókok:');
    expect(page).toContain(
      '<p class="error" role="alert" lang="hu">Túl sok sikertelen bejelentkezés. Próbálja újra egy perc múlva.</p>',
    );
  });
});
