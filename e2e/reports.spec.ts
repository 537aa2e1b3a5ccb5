import { readFile } from 'node:fs/promises';
import { openAs, settled, textsOf, violationsOf } from './axe.ts';
import { expect, test } from './fixtures.ts';

/*
 * The administrators' Reports page (issue 28, item 2), in English and Hungarian, on a desktop and a phone: the
 * last 30 days of every garage as charts with their tables, a table's CSV download (a byte-order mark, the
 * headers in the page's language, a line per day), and who held a slot at an instant.
 */
const REPORTS = '/Services/Actor/Reports/Utilisation';

for (const locale of ['en-US', 'hu-HU'] as const) {
  for (const width of [1280, 360]) {
    test(`${locale}, ${width} px: the reports of the last 30 days, a table as CSV, and who held a slot`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const text = textsOf(locale);
      const reports = (key: string) => text(`application:adminViews.reports.${key}`);
      await openAs(page, 'admin', { width, mode: 'light', locale });
      await page.goto(REPORTS);
      await settled(page);
      await expect(
        page.getByRole('heading', { level: 1, name: text('application:page.reports') }),
      ).toBeVisible();
      const days = page.getByRole('region', { name: reports('days'), exact: true });
      await expect(days.getByRole('table').getByRole('row')).toHaveCount(31, { timeout: 30_000 });
      for (const section of ['weekdays', 'demand', 'garages', 'users', 'types', 'slots', 'holders']) {
        await expect(page.getByRole('region', { name: reports(section), exact: true })).toBeVisible();
      }
      expect(await violationsOf(page, 'Reports')).toBe('');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        days.getByRole('button', { name: reports('download') }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('occupancy-per-day.csv');
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lines = csv.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        ['date', 'reservations', 'reservedSlotHours', 'availableSlotHours', 'occupancy', 'peakInUse']
          .map((column) => reports(`column.${column}`))
          .join(','),
      );
      expect(lines).toHaveLength(31);

      const holders = page.getByRole('region', { name: reports('holders'), exact: true });
      await holders.getByRole('combobox', { name: reports('slot') }).click();
      await page.getByRole('option').first().click();
      await holders.getByLabel(reports('at')).fill('2020-01-01T10:00');
      await holders.getByRole('button', { name: reports('find') }).click();
      // Nobody parked anywhere in 2020: the answer names the slot and says so.
      await expect(holders.getByText(reports('nobody').split('{{')[0] as string)).toBeVisible();
    });
  }
}
