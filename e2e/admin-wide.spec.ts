import type { Locator } from '@playwright/test';
import { type Locale, openAs, settled, textsOf, violationsOf } from './axe.ts';
import { expect, test } from './fixtures.ts';

/*
 * Issue 31 §3, administrators on a 1440 px screen: the Users table's row actions and the reservations' "Checked
 * in" column are in view without scrolling sideways, in English and Hungarian (whose headers are longer).
 */

test.slow();

const USERS = '/Services/Actor/Users/AccessTablePage';
const RESERVATIONS = '/Services/Actor/ReservationsAccess/AccessViewPage';
const CONFIGURATION = '/Services/Actor/ConfigurationSettings/AccessViewPage';
const CHECKED_IN: Record<Locale, string> = { 'en-US': 'Checked in', 'hu-HU': 'Megérkezett' };

/** Whether the element is shown whole across: inside the window and every box that clips it sideways. */
const shownAcross = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let left = 0;
    let right = window.innerWidth;
    for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== 'visible') {
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
    }
    return box.width > 0 && box.left >= left - 1 && box.right <= right + 1;
  });

for (const locale of ['en-US', 'hu-HU'] as const) {
  test(`at 1440 px the users' actions and the reservations' check-in are in view (${locale})`, async ({
    page,
  }) => {
    await openAs(page, 'admin', { width: 1440, mode: 'light', locale });
    await page.goto(USERS);
    await settled(page);
    const firstRow = page.locator('.MuiDataGrid-row').first();
    const actions = firstRow.locator('[data-field="__actions"] button');
    await expect(actions.first()).toBeVisible();
    for (const action of await actions.all()) {
      expect(await shownAcross(action)).toBe(true);
    }
    expect(await violationsOf(page, `users table at 1440 px (${locale})`)).toBe('');

    await page.goto(RESERVATIONS);
    await settled(page);
    const header = page.getByRole('columnheader', { name: CHECKED_IN[locale] }).first();
    await expect(header).toBeAttached();
    expect(await shownAcross(header)).toBe(true);
  });
}

for (const locale of ['en-US', 'hu-HU'] as const) {
  test(`a new time zone first says how many reservations move and that their wall clock stays (${locale})`, async ({
    page,
  }) => {
    const t = textsOf(locale);
    await openAs(page, 'admin', { width: 1440, mode: 'light', locale });
    await page.goto(CONFIGURATION);
    await settled(page);
    const zone = page.getByRole('combobox', { name: new RegExp(t('application:attribute.timeZone')) });
    await zone.fill('Lisb');
    await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
    await page
      .getByRole('button', { name: t('application:dataTable.save'), exact: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    // Told before anything is saved; answered No here, so the shared server's zone stays as it is.
    await expect(dialog).toContainText('Europe/Lisbon');
    await expect(dialog).toContainText(
      locale === 'en-US' ? '09:00 stays 09:00 in the new zone' : 'a 9:00 az új zónában is 9:00',
    );
    expect(await violationsOf(page, `time zone change confirmation (${locale})`)).toBe('');
    await dialog.getByRole('button', { name: t('system:action.no') }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    // Not Budapest itself: time-zone.spec sets another zone on Budapest's clock for a while on the shared server.
    const saved = page.getByRole('combobox', { name: new RegExp(t('application:attribute.timeZone')) });
    await expect(saved).not.toHaveValue('');
    await expect(saved).not.toHaveValue('Europe/Lisbon');
  });
}
