import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { acceptedApiOf, accessTokenOf, apiOf, type Entity } from './api.ts';
import { expect, signIn, test } from './fixtures.ts';

/*
 * Joiners and erasure (issue 27, items 3 and 4) in both interface languages: an administrator adds a user in the
 * Users table before their first sign-in (a taken email is refused in the interface's words), and anonymises a
 * deactivated user from their view, after a confirmation that says it cannot be undone. The specs share one
 * server, so each test makes users of its own.
 */
test.slow();

const USERS = '/Services/Actor/Users/AccessTablePage';
const I18N = join(import.meta.dirname, '..', 'packages', 'web', 'public', 'i18n');

type Language = 'en-US' | 'hu-HU';

/**
 * The interface's own words in `language`, by their translation key (`namespace:path`, application's when no
 * namespace is named), `{{name}}` filled in: the spec looks for what the person reads.
 */
function wordsIn(language: Language) {
  const namespaces = Object.fromEntries(
    ['application', 'system'].map((namespace) => [
      namespace,
      JSON.parse(readFileSync(join(I18N, `${namespace}_${language}.json`), 'utf8')) as Record<
        string,
        unknown
      >,
    ]),
  );
  return (key: string, values: Record<string, string> = {}): string => {
    const [namespace, path] = key.includes(':') ? key.split(':') : ['application', key];
    const word = String(
      path
        ?.split('.')
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown>)?.[part],
          namespaces[namespace ?? ''],
        ),
    );
    return word.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
  };
}

/** The administrator signed in on the Users table, the interface in `language`. */
async function usersTableAs(page: Page, language: Language): Promise<void> {
  await page.addInitScript((chosen) => {
    window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: chosen }));
  }, language);
  await signIn(page, 'admin', USERS);
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
}

/** The Users table's new row, filled in with a name, an email and the guest reservation right, then saved. */
async function addUser(page: Page, language: Language, name: string, email: string): Promise<void> {
  const say = wordsIn(language);
  await page.getByRole('button', { name: say('dataTable.add'), exact: true }).click();
  const row = page.locator('.MuiDataGrid-row--editing');
  await row.locator('[data-field="name"] input').fill(name);
  await row.locator('[data-field="email"] input').fill(email);
  await row.locator('[data-field="isGuestReservation"] input[type="checkbox"]').check();
  await row.getByLabel(say('dataTable.save'), { exact: true }).click();
}

for (const language of ['en-US', 'hu-HU'] as const) {
  const say = wordsIn(language);
  const stamp = `${language.slice(0, 2)}${Date.now().toString(36)}`;

  test(`${language}: an administrator adds a user in the Users table, and a taken email is refused`, async ({
    page,
    request,
  }) => {
    await usersTableAs(page, language);
    const email = `joiner.${stamp}@parkhere.example`;
    await addUser(page, language, `Joiner ${stamp}`, email);
    await expect(page.getByText(say('dataTable.saved'), { exact: true })).toBeVisible();

    const post = apiOf(request, await accessTokenOf(page));
    const listed = await post('Actor/users/~list', { email: [{ operator: 'equal', value: email }] });
    expect(listed.body).toEqual([
      expect.objectContaining({ name: `Joiner ${stamp}`, isActive: true, isGuestReservation: true }),
    ]);

    // The same email in another case: the server's refusal in the interface's words, and no second user.
    await addUser(page, language, `Joiner again ${stamp}`, email.toUpperCase());
    await expect(page.getByText(say('system:businessError.USER_EMAIL_TAKEN'))).toBeVisible();
    const again = await post('Actor/users/~list', { email: [{ operator: 'equal', value: email }] });
    expect((again.body as Entity[]).length).toBe(1);
  });

  test(`${language}: anonymising a deactivated user asks first, saying it cannot be undone, then shows the pseudonym`, async ({
    page,
    request,
  }) => {
    await usersTableAs(page, language);
    const name = `Leaver ${stamp}`;
    const created = await acceptedApiOf(request, await accessTokenOf(page))('Actor/~update/users/~create', {
      email: `leaver.${stamp}@parkhere.example`,
      name,
      isActive: false,
      startOfWorkingTime: '09:00:00',
      endOfWorkingTime: '17:00:00',
      maxNormalReservation: 5,
      maxGuestReservation: 5,
      maxLongReservation: 2,
    });
    await page.goto(
      `/Services/Actor/Users/AccessViewPage/${encodeURIComponent(String(created.__signedIdentifier))}`,
    );
    await expect(page.locator('input[name="name"]')).toHaveValue(name);

    await page.getByRole('button', { name: say('adminViews.user.erasure.action'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: say('adminViews.user.erasure.confirmTitle', { name }) });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(say('adminViews.user.erasure.confirm'));
    await dialog.getByRole('button', { name: say('system:action.yes'), exact: true }).click();

    await expect(page.getByText(say('adminViews.user.erasure.anonymised'))).toBeVisible();
    await expect(page.locator('input[name="name"]')).toHaveValue(/^Anonymous [0-9A-F]{8}$/);
    await expect(
      page.getByRole('button', { name: say('adminViews.user.erasure.action'), exact: true }),
    ).toBeHidden();
  });
}
