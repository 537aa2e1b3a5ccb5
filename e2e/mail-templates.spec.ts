import type { Page } from '@playwright/test';
import { openAs, settled, textsOf, violationsOf } from './axe.ts';
import { expect, signInToShell, test } from './fixtures.ts';

/*
 * Issue 14.26: an administrator previewing a mail template sees the mail it makes, rendered by the server on
 * sample data in a sandboxed frame, and the placeholders that mail has; nothing is saved. Issue 31: each
 * template has a Hungarian and an English text, a tab each, previewed in its language.
 */

const CONFIGURATION = '/Services/Actor/ConfigurationSettings/AccessViewPage';

/** A template field: its language tabs, its Preview button and the text of the chosen language. */
const templateBlock = (page: Page, name: string) =>
  page
    .locator('div')
    .filter({ has: page.getByRole('tablist', { name: `Languages of ${name}`, exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Preview', exact: true }) })
    .last();

test('the deletion template previews as the mail it makes, in English and Hungarian, with its placeholders', async ({
  page,
}) => {
  await signInToShell(page, 'admin', CONFIGURATION);
  const block = templateBlock(page, 'Deletion mail template');
  // The interface's language first: the demo's English text.
  await expect(block.getByRole('tab', { name: 'English', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await block.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('region', { name: 'Preview of Deletion mail template, English' });
  const mail = page.frameLocator('iframe[title="The mail made from Deletion mail template, English"]');
  // The demo's template, filled with the sample reservation: no markup, no {{…}} or [path] left.
  await expect(mail.locator('body')).toHaveText(
    'Your reservation of A-105 / -1 (HQ Garage) on Wed, 2 Dec 2026 was deleted.',
  );
  await expect(
    preview.getByText('Parking reservation deleted: Wed, 2 Dec 2026 A-105 / -1 (HQ Garage)'),
  ).toBeVisible();
  await expect(preview).not.toContainText('[');

  await preview.getByText(/placeholders this mail has/).click();
  await expect(preview.getByText('{{parkingSlotInformation}}', { exact: true })).toBeVisible();
  await expect(preview.getByText('{{recipient.name}}', { exact: true })).toBeVisible();
  // The reminder's check-in link is not this mail's.
  await expect(preview.getByText('{{checkIn.url}}', { exact: true })).toHaveCount(0);

  // The Hungarian tab holds the Hungarian text, previewed in Hungarian.
  await block.getByRole('tab', { name: 'Hungarian', exact: true }).click();
  const hungarian = page.getByRole('region', { name: 'Preview of Deletion mail template, Hungarian' });
  const hungarianMail = page.frameLocator(
    'iframe[title="The mail made from Deletion mail template, Hungarian"]',
  );
  await expect(hungarianMail.locator('body')).toHaveText(
    'A-105 / -1 (HQ Garage) foglalását (2026. 12. 02. (szerda)) töröltük.',
  );
  await expect(
    hungarian.getByText(/Parkolóhely-foglalás törölve: 2026\. 12\. 02\. \(szerda\)/),
  ).toBeVisible();

  // A placeholder this mail lacks is named while typing; the edit is never saved.
  const field = block.getByRole('textbox', { name: 'Deletion mail template, Hungarian', exact: true });
  await field.press('End');
  await field.pressSequentially(' {{car.plate}}');
  await expect(hungarian.getByText(/This mail has no \{\{car\.plate\}\}/)).toBeVisible();
});

test('a blank template previews the built-in mail, and markup cannot run in the preview', async ({
  page,
}) => {
  await signInToShell(page, 'admin', CONFIGURATION);
  const block = templateBlock(page, 'Reminder mail template');
  const field = block.getByRole('textbox', { name: 'Reminder mail template, English', exact: true });
  await field.fill('');
  await expect(block.getByRole('tab', { name: 'English (built-in)', exact: true })).toBeVisible();
  await block.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('region', { name: 'Preview of Reminder mail template, English' });
  await expect(preview.getByText('The template is empty: the built-in text below is sent.')).toBeVisible();
  const mail = page.frameLocator('iframe[title="The mail made from Reminder mail template, English"]');
  await expect(mail.getByText('Dear Kiss Anna,')).toBeVisible();
  await expect(mail.getByText('your reservation starts soon:')).toBeVisible();

  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await field.fill('<p>Hello {{recipient.name}}</p><img src=x onerror="alert(1)"><script>alert(2)</script>');
  await expect(mail.locator('body')).toHaveText('Hello Kiss Anna');
  await expect(mail.locator('script')).toHaveCount(0);
  await expect(mail.locator('img')).not.toHaveAttribute('onerror');
  expect(dialogs).toBe(0);
});

// Both save the one configuration row: side by side, the second would meet a version conflict.
test.describe.configure({ mode: 'serial' });
for (const locale of ['en-US', 'hu-HU'] as const) {
  test(`a template is written and saved in both languages, by keyboard, with axe (${locale})`, async ({
    page,
  }) => {
    const text = textsOf(locale);
    const name = text('application:attribute.modificationEmailTemplate');
    const languageOf = (each: 'en-US' | 'hu-HU') => text(`application:adminViews.templateLanguage.${each}`);
    const fieldOf = (each: 'en-US' | 'hu-HU') =>
      page.getByRole('textbox', {
        name: text('application:adminViews.templateIn')
          .replace('{{name}}', name)
          .replace('{{language}}', languageOf(each)),
        exact: true,
      });
    await openAs(page, 'admin', { width: 1280, mode: 'light', locale });
    await page.goto(CONFIGURATION);
    await settled(page);
    const tabs = page.getByRole('tablist', {
      name: text('application:adminViews.templateLanguages').replace('{{name}}', name),
    });
    // The interface's language is the first shown; the keyboard reaches the other.
    const first = locale;
    const other = locale === 'en-US' ? 'hu-HU' : 'en-US';
    const stamp = `${locale}-${Date.now()}`;
    await fieldOf(first).fill(`<p>${languageOf(first)} ${stamp}: {{date}}</p>`);
    await tabs.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press(locale === 'en-US' ? 'ArrowLeft' : 'ArrowRight');
    await expect(tabs.getByRole('tab', { selected: true })).toHaveText(languageOf(other));
    await fieldOf(other).fill(`<p>${languageOf(other)} ${stamp}: {{date}}</p>`);
    expect(await violationsOf(page, `configuration with a template's tabs (${locale})`)).toBe('');

    await page
      .getByRole('button', { name: text('application:dataTable.save'), exact: true })
      .first()
      .click();
    await expect(
      page.getByRole('button', { name: text('application:dataTable.save'), exact: true }).first(),
    ).toBeDisabled();
    await page.reload();
    await settled(page);
    await expect(fieldOf(first)).toHaveValue(`<p>${languageOf(first)} ${stamp}: {{date}}</p>`);
    await tabs.getByRole('tab', { name: languageOf(other), exact: true }).click();
    await expect(fieldOf(other)).toHaveValue(`<p>${languageOf(other)} ${stamp}: {{date}}</p>`);

    // Emptied, a language's tab says its built-in text is sent.
    await fieldOf(other).fill('');
    await expect(
      tabs.getByRole('tab', {
        name: text('application:adminViews.templateTabBuiltIn').replace('{{language}}', languageOf(other)),
        exact: true,
      }),
    ).toBeVisible();
    expect(await violationsOf(page, `configuration with an empty template (${locale})`)).toBe('');
  });
}
