import type { Locator, Page } from '@playwright/test';
import { openAs, settled, textsOf, violationsOf } from './axe.ts';
import { filterByAttribute } from './controls.ts';
import { expect, test } from './fixtures.ts';

/*
 * Settings › Import (issue 30, item 1), in English and Hungarian, on a desktop and a 360 px phone, each in
 * light and dark mode once (the action chips' colours, the refusal's above all, are checked in both): an
 * administrator uploads a users file with a bad row, sees the row refused with its problem and Apply off;
 * uploads the fixed file, applies it, and finds the new user in the Users table. The focus lands on each
 * verdict's heading; axe finds nothing against WCAG 2.1 AA; nothing scrolls sideways.
 */
const IMPORT = '/Services/Actor/Import/Upload';

/** How far the page reaches past the window's right edge: nothing at any width. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Chooses a CSV file of `lines` with the page's button, as a person does in the browser's file chooser. */
async function upload(page: Page, button: Locator, lines: readonly string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
  });
}

for (const locale of ['en-US', 'hu-HU'] as const) {
  for (const width of [1280, 360]) {
    const mode = (locale === 'en-US') === (width === 1280) ? 'light' : 'dark';
    test(`${locale}, ${width} px, ${mode}: a bad row refused and Apply off, the fixed file applied`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const text = textsOf(locale);
      const words = (key: string) => text(`application:adminViews.import.${key}`);
      const named = (key: string) => words(key).replace('{{name}}', 'people.csv');
      await openAs(page, 'admin', { width, mode, locale });
      // A user of this run alone: the browsers of the other variants import theirs meanwhile.
      const mark = `${locale.slice(0, 2)}${width}${Date.now().toString(36).slice(-5)}`;
      const email = `import.${mark}@parkhere.example`;
      // Hungarian Excel saves with ';', and Hungarian letters come through.
      const separator = locale === 'hu-HU' ? ';' : ',';
      const file = (secondEmail: string) =>
        [
          ['email', 'name', 'isGuestReservation', 'garages'],
          [email, `Árvíztűrő ${mark}`, 'true', 'HQ Garage'],
          [secondEmail, `Second ${mark}`, '', ''],
        ].map((cells) => cells.join(separator));

      await page.goto(IMPORT);
      await settled(page);
      await expect(
        page.getByRole('heading', { level: 1, name: text('application:page.import') }),
      ).toBeVisible();
      const choose = page.getByRole('button', { name: words('choose') });
      await expect(choose).toHaveAccessibleDescription(words('limit').replace('{{size}}', '8'));
      expect(await violationsOf(page, 'Import')).toBe('');
      expect(await sidewaysOverflow(page)).toBe(0);

      await upload(page, choose, file('not-an-email'));
      const checked = page.getByRole('heading', { level: 2, name: named('heading.checked') });
      await expect(checked).toBeFocused({ timeout: 30_000 });
      const table = page.getByRole('table', { name: words('table.label') });
      const refused = table.getByRole('row').filter({ hasText: words('action.refuse') });
      await expect(refused).toHaveCount(1);
      await expect(refused.getByRole('cell').first()).toHaveText('3');
      await expect(refused).toContainText('email: ');
      const apply = page.getByRole('button', { name: words('apply'), exact: true });
      await expect(apply).toBeDisabled();
      await expect(page.getByText(words('applyBlocked'))).toBeVisible();
      await page.getByRole('switch', { name: words('refusedOnly') }).check();
      await expect(table.getByRole('row')).toHaveCount(2);
      await settled(page);
      expect(await violationsOf(page, 'Import, a row refused')).toBe('');
      expect(await sidewaysOverflow(page)).toBe(0);

      await upload(page, choose, file(`second.${mark}@parkhere.example`));
      await expect(checked).toBeFocused({ timeout: 30_000 });
      await expect(page.getByRole('alert')).toHaveText(words('summary.checked'));
      await expect(apply).toBeEnabled();
      await apply.click();
      const imported = page.getByRole('heading', { level: 2, name: named('heading.applied') });
      await expect(imported).toBeFocused({ timeout: 30_000 });
      await expect(page.getByRole('alert')).toHaveText(
        words('summary.applied')
          .replace('{{create}}', '2')
          .replace('{{update}}', '0')
          .replace('{{unchanged}}', '0'),
      );
      await settled(page);
      expect(await violationsOf(page, 'Import, applied')).toBe('');
      expect(await sidewaysOverflow(page)).toBe(0);

      // The new user in the Users table, found by their email.
      await page.getByRole('link', { name: words('open.users') }).click();
      await settled(page);
      await expect(
        page.getByRole('heading', { level: 1, name: text('application:page.users') }),
      ).toBeVisible();
      await filterByAttribute(page, text, 'application:attribute.email', email);
      const rows = width < 600 ? page.getByTestId('data-table-card') : page.locator('.MuiDataGrid-row');
      await expect(rows).toHaveCount(1, { timeout: 30_000 });
      await expect(rows.first()).toContainText(`Árvíztűrő ${mark}`);
    });
  }
}
