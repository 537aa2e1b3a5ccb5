import { expect, signIn, signInToShell, test } from './fixtures.ts';

// Issue 14, items 24, 25, 27 and 29: lists, cars and administration items as a user sees them.

test('an account outside the allowed domains is told so, not that its account is being processed', async ({
  page,
}) => {
  await signIn(page, 'stranger');
  await expect(page.getByText('Domain not allowed')).toBeVisible();
  await expect(page.getByText("Your email address's domain is not allowed to use ParkHere.")).toBeVisible();
  await expect(page.getByText('Processing of your account is still in progress.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('input[name=login]')).toBeVisible();
});

test("the doormen table shows each doorman's garages; the garages dialog has one Save and Cancel pair", async ({
  page,
}) => {
  await signInToShell(page, 'admin', '/Services/Actor/ConfigurationSettings/AccessViewPage');
  // The demo doorman guards the first demo garage.
  const row = page.getByRole('row').filter({ hasText: 'doorman@parkhere.example' });
  await expect(row).toContainText('HQ Garage');
  await expect(page.getByRole('columnheader', { name: 'Assigned garages' })).toBeVisible();
  await row.getByRole('button', { name: 'Assigned garages' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
