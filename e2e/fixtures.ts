import { test as base, expect, type Page } from '@playwright/test';

export type DemoLogin = 'admin' | 'user' | 'quick' | 'doorman' | 'stranger';

/** Signs in through the embedded provider's own form, as a person would. */
export async function signIn(page: Page, login: DemoLogin, path = '/'): Promise<void> {
  await page.goto(path);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(login);
  await page.locator('button[type=submit]').click();
}

/** Signs in and waits until the shell shows the signed-in user. */
export async function signInToShell(page: Page, login: DemoLogin, path = '/'): Promise<void> {
  await signIn(page, login, path);
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}

export const test = base;
export { expect };
