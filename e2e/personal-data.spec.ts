import { readFile } from 'node:fs/promises';
import { expect, signIn, test } from './fixtures.ts';

/*
 * A user's own data (issue 27, item 5): Profile settings' "Download my data" saves everything ParkHere holds
 * about the signed-in user as a JSON file, in the interface language's words.
 */
const PROFILE = '/Services/Actor/ProfileSettings/AccessViewPage';
const BUTTON = { 'en-US': 'Download my data', 'hu-HU': 'Adataim letöltése' } as const;

for (const language of ['en-US', 'hu-HU'] as const) {
  test(`${language}: "Download my data" saves the signed-in user's own data as JSON`, async ({ page }) => {
    await page.addInitScript((chosen) => {
      window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: chosen }));
    }, language);
    await signIn(page, 'user', PROFILE);
    const button = page.getByRole('button', { name: BUTTON[language], exact: true });
    await expect(button).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('parkhere-personal-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      profile: { email: string };
      cars: unknown[];
    };
    expect(data.profile.email).toBe('user@parkhere.example');
    expect(data.cars.length).toBeGreaterThan(0);
  });
}
