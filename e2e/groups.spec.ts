import type { Browser } from '@playwright/test';
import { acceptedApiOf, accessTokenOf, apiOf, type Entity } from './api.ts';
import { openAs, textsOf, type Variant } from './axe.ts';
import { chooseType, reservationForm } from './controls.ts';
import { chooseEnglish, expect, pinClock, test } from './fixtures.ts';

/*
 * [Pools] Groups in the browser (issue 29, item 1), in both languages on a desktop and a phone: an administrator
 * creates a group in Settings › Groups, sets its horizon and adds the demo user; the user's reservation form
 * then says the group's horizon under the date, where before (a non-member) it said the configured 14 days.
 * The group is deleted afterwards. One test at a time: a member gets the longest horizon of their groups, so
 * two tests' groups of the one demo user would show each other's.
 */
test.describe.configure({ mode: 'serial' });
test.slow();

const GROUPS = '/Services/Actor/Groups/AccessTablePage';

const VARIANTS: readonly (Variant & { horizon: number })[] = [
  { width: 1440, mode: 'light', locale: 'en-US', horizon: 41 },
  { width: 390, mode: 'light', locale: 'en-US', horizon: 42 },
  { width: 1440, mode: 'dark', locale: 'hu-HU', horizon: 43 },
  { width: 390, mode: 'dark', locale: 'hu-HU', horizon: 44 },
];

/** The user's reservation form (NORMAL) and the hint under its date, in `variant`'s language. */
async function userFormHint(browser: Browser, variant: Variant) {
  const t = textsOf(variant.locale);
  const context = await browser.newContext({ locale: variant.locale });
  await pinClock(context);
  await chooseEnglish(context);
  const page = await context.newPage();
  await openAs(page, 'user', variant);
  const hintOf = async () => {
    await chooseType(page, t('application:enumeration.ReservationType.NORMAL'));
    return reservationForm(page);
  };
  return { page, context, hintOf };
}

const hintText = (variant: Variant, days: number) =>
  textsOf(variant.locale)('application:reservationForm.horizonHint_other').replace('{{count}}', String(days));

for (const variant of VARIANTS) {
  const label = `${variant.locale}, ${variant.width} px`;
  const t = textsOf(variant.locale);

  test(`${label}: an administrator's group gives its member its horizon, and the member's form says so`, async ({
    browser,
    page,
    request,
  }) => {
    const name = `E2E group ${variant.horizon} ${Date.now().toString(36)}`;
    await openAs(page, 'admin', variant);
    const asAdmin = acceptedApiOf(request, await accessTokenOf(page));
    const user = await userFormHint(browser, variant);
    try {
      // The group: made in its table's new row on a desktop (a phone's list of cards has no new row: there the
      // administrator's create goes through the API), then opened from its row or card.
      await page.goto(GROUPS);
      if (variant.width > 600) {
        await page.getByRole('button', { name: t('application:dataTable.add'), exact: true }).click();
        const row = page.locator('.MuiDataGrid-row--editing');
        await row.locator('[data-field="name"] input').fill(name);
        await row.getByLabel(t('application:dataTable.save'), { exact: true }).click();
        await expect(page.getByText(t('application:dataTable.saved')).first()).toBeVisible();
      } else {
        await asAdmin('Actor/~update/groups/~create', { name });
        await page.reload();
      }
      const created = page
        .locator('.MuiDataGrid-row, li')
        .filter({ has: page.getByText(name, { exact: true }) })
        .first();
      await created.getByRole('button', { name: t('application:dataTable.view'), exact: true }).click();
      await expect(page.locator('input[name="name"]')).toHaveValue(name);

      // Its horizon, saved from its view.
      const horizon = page.locator('input[name="maxDaysInAdvance"]');
      await horizon.fill(String(variant.horizon));
      await page
        .getByRole('button', { name: t('application:dataTable.save'), exact: true })
        .first()
        .click();
      await expect(page.getByText(t('application:dataTable.saved')).first()).toBeVisible();

      // Not yet a member: the user's form says the configured horizon, not the group's.
      const before = await user.hintOf();
      await expect(before.getByText(hintText(variant, 14), { exact: true })).toBeVisible();
      await expect(before.getByText(hintText(variant, variant.horizon), { exact: true })).toHaveCount(0);

      // The administrator adds the user to the group.
      const members = page.getByRole('group', { name: t('application:adminViews.group.members') });
      await members.getByRole('combobox').click();
      await page.getByRole('option', { name: 'user@parkhere.example' }).click();
      await page.keyboard.press('Escape');
      await members.getByRole('button', { name: t('application:dataTable.save'), exact: true }).click();
      await expect(
        members.getByRole('button', { name: t('application:dataTable.save'), exact: true }),
      ).toBeDisabled();

      // A member now: the form says the group's horizon.
      await user.page.reload();
      const after = await user.hintOf();
      await expect(after.getByText(hintText(variant, variant.horizon), { exact: true })).toBeVisible();
    } finally {
      const [group] = (await asAdmin('Actor/groups/~list', {
        name: [{ operator: 'equal', value: name }],
      })) as Entity[];
      if (group !== undefined) {
        await apiOf(request, await accessTokenOf(page))(
          'GroupSettings/~delete',
          {},
          group.__signedIdentifier,
        );
      }
      await user.context.close();
    }
  });
}
