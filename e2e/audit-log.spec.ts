import type { Page } from '@playwright/test';
import { acceptedApiOf, accessTokenOf } from './api.ts';
import { animationsEnded, openAs, settled, textsOf, violationsOf } from './axe.ts';
import { filterByAttribute } from './controls.ts';
import { expect, test } from './fixtures.ts';

/*
 * The administrators' Audit log (issue 28, item 8), in English and Hungarian, on a desktop and a 360 px phone:
 * a car the administrator adds and renames is found by a text of its plate, newest first, and its rename opens
 * with the fields before and after side by side, the changed ones marked; nothing scrolls sideways.
 */
const AUDIT_LOG = '/Services/Actor/AuditLog/AccessTablePage';

/** How far the page reaches past the window's right edge: nothing at any width. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const locale of ['en-US', 'hu-HU'] as const) {
  for (const width of [1280, 360]) {
    test(`${locale}, ${width} px: a change found in the audit log and opened before beside after`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const text = textsOf(locale);
      const audit = (key: string) => text(`application:auditLog.${key}`);
      await openAs(page, 'admin', { width, mode: 'light', locale });
      const post = acceptedApiOf(request, await accessTokenOf(page));
      // A plate of this run alone: the browsers of the other variants add theirs meanwhile.
      const mark = `${locale.slice(0, 2)}${width}${Date.now().toString(36).slice(-4)}`.toUpperCase();
      const car = await post('ProfileSettings/createCar', {
        licensePlate: `OLD-${mark}`,
        manufacturer: 'Fiat',
      });
      await post('Car/~update', { licensePlate: `NEW-${mark}` }, car.__signedIdentifier);
      try {
        await page.goto(AUDIT_LOG);
        await settled(page);
        await expect(
          page.getByRole('heading', { level: 1, name: text('application:page.auditLog') }),
        ).toBeVisible();
        await filterByAttribute(page, text, 'application:attribute.content', mark);

        // Newest first: the rename, then the car's creation.
        const changed = text('application:enumeration.AuditAction.UPDATE');
        const created = text('application:enumeration.AuditAction.INSERT');
        const rows = width < 600 ? page.getByTestId('data-table-card') : page.locator('.MuiDataGrid-row');
        await expect(rows).toHaveCount(2, { timeout: 30_000 });
        await expect(rows.nth(0)).toContainText(changed);
        await expect(rows.nth(1)).toContainText(created);
        await expect(rows.nth(0)).toContainText(text('application:enumeration.AuditEntityType.cars'));
        await settled(page);
        expect(await violationsOf(page, 'Audit log')).toBe('');
        expect(await sidewaysOverflow(page)).toBe(0);

        await rows
          .nth(0)
          .getByRole('button', { name: text('application:dataTable.view') })
          .click();
        const detail = page.getByRole('dialog');
        await expect(detail).toBeVisible();
        const plate = text('application:attribute.licensePlate');
        if (width < 600) {
          // Stacked: the field, then its value before and after under each other.
          await expect(detail.getByRole('term').filter({ hasText: plate })).toBeVisible();
          await expect(detail.getByRole('definition').filter({ hasText: `OLD-${mark}` })).toContainText(
            `NEW-${mark}`,
          );
        } else {
          const row = detail.getByRole('row', { name: new RegExp(plate) });
          await expect(row.getByRole('cell')).toHaveText([
            `OLD-${mark} (${audit('changed')})`,
            `NEW-${mark} (${audit('changed')})`,
          ]);
          await expect(detail.getByRole('columnheader')).toHaveText([
            audit('field'),
            text('application:attribute.before'),
            text('application:attribute.after'),
          ]);
        }
        // Only what the rename changed: nothing of the fields it left alone.
        await expect(detail.getByText('Fiat')).toHaveCount(0);
        await animationsEnded(page);
        expect(await violationsOf(page, 'Audit entry')).toBe('');
        expect(await sidewaysOverflow(page)).toBe(0);
        const content = detail.locator('.MuiDialogContent-root');
        expect(await content.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
        await detail.getByRole('button', { name: audit('close') }).click();
        await expect(detail).toBeHidden();
      } finally {
        // Leave the administrator's cars as the demo data has them: other specs reserve as the administrator.
        await post('Car/deleteCar', {}, car.__signedIdentifier);
      }
    });
  }
}
