import type { Page } from '@playwright/test';
import { expect, signInToShell, test } from './fixtures.ts';

/*
 * Issue 14.26: an administrator previewing a mail template sees the mail it makes, rendered by the server on
 * sample data in a sandboxed frame (in either language), and the placeholders that mail has; nothing is saved.
 */

const CONFIGURATION = '/Services/Actor/ConfigurationSettings/AccessViewPage';

/** The template field with its own Preview button: the innermost block holding both. */
const templateBlock = (page: Page, label: string) => {
  const field = page.getByRole('textbox', { name: label, exact: true });
  return page
    .locator('div')
    .filter({ has: field })
    .filter({ has: page.getByRole('button', { name: 'Preview', exact: true }) })
    .last();
};

test('the deletion template previews as the mail it makes, in English and Hungarian, with its placeholders', async ({
  page,
}) => {
  await signInToShell(page, 'admin', CONFIGURATION);
  const block = templateBlock(page, 'Deletion mail template');
  await block.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('region', { name: 'Preview of Deletion mail template' });
  await preview.getByRole('button', { name: 'English' }).click();
  const mail = page.frameLocator('iframe[title="The mail made from Deletion mail template"]');
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

  await preview.getByRole('button', { name: 'Magyar' }).click();
  await expect(mail.locator('body')).toHaveText(
    'Your reservation of A-105 / -1 (HQ Garage) on 2026. 12. 02. (szerda) was deleted.',
  );
  await expect(preview.getByText(/Parkolóhely-foglalás törölve: 2026\. 12\. 02\. \(szerda\)/)).toBeVisible();

  // A placeholder this mail lacks is named while typing; the edit is never saved.
  const field = block.getByRole('textbox', { name: 'Deletion mail template', exact: true });
  await field.press('End');
  await field.pressSequentially(' {{car.plate}}');
  await expect(preview.getByText(/This mail has no \{\{car\.plate\}\}/)).toBeVisible();
});

test('a blank template previews the built-in mail, and markup cannot run in the preview', async ({
  page,
}) => {
  await signInToShell(page, 'admin', CONFIGURATION);
  const block = templateBlock(page, 'Reminder mail template');
  const field = block.getByRole('textbox', { name: 'Reminder mail template', exact: true });
  await field.fill('');
  await block.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('region', { name: 'Preview of Reminder mail template' });
  await preview.getByRole('button', { name: 'English' }).click();
  await expect(preview.getByText('The template is empty: the built-in text below is sent.')).toBeVisible();
  const mail = page.frameLocator('iframe[title="The mail made from Reminder mail template"]');
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
