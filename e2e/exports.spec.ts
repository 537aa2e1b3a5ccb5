import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { textsOf } from './axe.ts';
import { filterTable } from './controls.ts';
import { expect, signIn, signInToShell, test } from './fixtures.ts';

/*
 * A table's Export (issue 28, item 5): the file the browser saves holds the rows of the table's filters, under
 * the columns' titles in the interface language.
 */
const SLOTS = '/Services/Actor/ParkingSlots/AccessTablePage';

test('the slots table exports its filtered rows as CSV, from the keyboard', async ({ page }) => {
  await signInToShell(page, 'admin', SLOTS);
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await expect(await filterTable(page, 'B-00')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Parking slot contains B-00' })).toBeVisible();

  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  const csv = page.getByRole('menuitem', { name: 'CSV (comma-separated)' });
  await expect(csv).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^parkingSlots-\d{4}-\d{2}-\d{2}\.csv$/);

  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  expect(header).toBe(
    'Parking slot,Name,Floor,Active,Exclusive,Next to wall,Accessible,Charger,Floor plan,Parking garage,Pool of group,Assigned to',
  );
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row.includes('B-00'))).toBe(true);
});

test('in Hungarian the Excel export reads back with Hungarian titles', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: 'hu-HU' }));
  });
  const t = textsOf('hu-HU');
  await signIn(page, 'admin', SLOTS);
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: t('application:dataTable.export.button'), exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: t('application:dataTable.export.xlsx') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const [sheet] = workbook.worksheets;
  if (sheet === undefined) {
    throw new Error('the workbook has no sheet');
  }
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    t('application:attribute.aggregaredName'),
    t('application:attribute.name'),
    t('application:attribute.floor'),
    t('application:attribute.isActive'),
    t('application:attribute.isExclusive'),
    t('application:attribute.nextToWall'),
    t('application:attribute.isAccessible'),
    t('application:attribute.hasCharger'),
    t('application:attribute.floorPlan'),
    t('application:attribute.parkingGarage'),
    t('application:attribute.reservedForGroup'),
    t('application:attribute.assignedTo'),
  ]);
  expect(sheet.rowCount).toBeGreaterThan(50);
  expect(sheet.getRow(2).getCell(4).value).toMatch(/^(Igen|Nem)$/);
});
