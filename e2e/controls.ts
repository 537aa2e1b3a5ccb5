import type { LocalDate } from '@parkhere/contract';
import { expect, type Locator, type Page } from '@playwright/test';

/* The app's controls worked as a person would: the reservation form, its pickers, related pages, filters. */

/** The reservation form of the page, in either language. */
export const reservationForm = (page: Page) =>
  page.locator('form', { has: page.getByRole('heading', { name: /New reservation|Új foglalás/ }) });

/**
 * Types a date into a picker field, section by section from its first one, in the order the language shows them
 * (en-US MM/DD/YYYY, hu-HU YYYY. MM. DD.).
 */
export async function typeDate(
  field: Locator,
  date: LocalDate,
  locale: 'en-US' | 'hu-HU' = 'en-US',
): Promise<void> {
  const [year, month, day] = date.split('-');
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(locale === 'hu-HU' ? `${year}${month}${day}` : `${month}${day}${year}`);
}

export async function typeTime(field: Locator, time: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(time.replace(':', '').slice(0, 4));
}

/** What a date or time picker shows (its sections, without the label the outline repeats). */
export const pickerText = (field: Locator): Locator => field.locator('.MuiPickersSectionList-root');

/** A date or time picker of the reservation form, by its label. */
export const pickerGroup = (page: Page, label: string) =>
  reservationForm(page).getByRole('group', { name: label });

export async function chooseType(page: Page, name: string): Promise<void> {
  await reservationForm(page).getByRole('button', { name, exact: true }).click();
}

/**
 * Opens the collapsed "Related pages" block of an owner's page and follows one of its links; `related` is the
 * block's name in the page's language.
 */
export async function openRelated(page: Page, link: string, related = 'Related pages'): Promise<void> {
  const summary = page.getByRole('button', { name: related, exact: true });
  const target = page
    .getByRole('navigation', { name: related })
    .getByRole('link', { name: link, exact: true });
  // The block may render again while the owner's page finishes loading: open it until the link shows.
  await expect(async () => {
    if ((await summary.getAttribute('aria-expanded')) !== 'true') {
      await summary.click();
    }
    await expect(target).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await target.click();
}

/** Filters the page's table (or the one `table` finds) by one value through its Filters dialog, as a person would. */
export async function filterTable(page: Page, value: string, table: Page | Locator = page): Promise<Locator> {
  await table.getByRole('button', { name: /Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: /Filter/ });
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByLabel('Value').fill(value);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  return dialog;
}

/** The plate of the cars table's favourite car, '' when none is: a test gives the mark back to it at its end. */
export async function favouritePlateOf(table: Locator): Promise<string> {
  const favourite = table
    .locator('.MuiDataGrid-row')
    .filter({ has: table.page().locator('[data-field="isFavorite"]').getByRole('img', { name: 'Yes' }) });
  return (await favourite.count()) > 0
    ? ((await favourite.first().locator('[data-field="licensePlate"]').textContent()) ?? '')
    : '';
}

/**
 * Filters the page's table to the rows whose `attribute` (its label's translation key) holds `value`, through the
 * table's filter dialog as a person does; `text` gives the interface's words in the page's language.
 */
export async function filterByAttribute(
  page: Page,
  text: (key: string) => string,
  attribute: string,
  value: string,
): Promise<void> {
  await page.getByRole('button', { name: text('application:dataTable.filters') }).click();
  const filters = page.getByRole('dialog');
  await filters.getByRole('button', { name: text('application:dataTable.filter.add') }).click();
  await filters.getByRole('combobox', { name: text('application:dataTable.filter.attribute') }).click();
  await page.getByRole('option', { name: text(attribute), exact: true }).click();
  await filters.getByLabel(text('application:dataTable.filter.value')).fill(value);
  await filters.getByRole('button', { name: text('system:action.apply') }).click();
  await expect(filters).toBeHidden();
}

/**
 * A MUI Select or Autocomplete that holds nothing: its text or value is at most a zero-width space, which `\s`
 * does not match.
 */
export const EMPTY_SELECT = /^[\s\u200b]*$/;
