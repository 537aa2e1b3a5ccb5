import { addDays, type LocalDate, nextWorkingDay, workingCalendar } from '@parkhere/contract';
import type { Locator, Page } from '@playwright/test';
import { appToday, cardDay } from './clock.ts';
import { EMPTY_SELECT, pickerGroup, reservationForm } from './controls.ts';
import { expect, signInToShell, test } from './fixtures.ts';

/*
 * Issue 15: every journey with the keyboard alone. The mouse signs in (the provider's form is not ours); from
 * then on only page.keyboard moves: Tab to a control, with a visible focus ring, and Enter or typing on it.
 */

test.slow();

/** Tabs forward until the locator has the focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 250): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (
      await target.evaluate(
        (element) => element === document.activeElement || element.contains(document.activeElement),
      )
    ) {
      // The focus is seen: the browser's focus-visible ring or MUI's own focus-visible class.
      const visible = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (element === null) return false;
        const style = getComputedStyle(element);
        const ringed =
          element.matches(':focus-visible') && style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
        const marked = element.closest('.Mui-focusVisible, .Mui-focused') !== null;
        return ringed || marked;
      });
      expect(visible, 'the focused control shows its focus').toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${target} was not reached with ${limit} presses of Tab; the focus is on ${focused}`);
}

/** A day of the administrator's no other spec books or takes off: the seventh working day after today. */
function quietDay(): LocalDate {
  const calendar = workingCalendar();
  let day = appToday();
  for (let index = 0; index < 7; index += 1) {
    day = nextWorkingDay(day, calendar) ?? addDays(day, 1);
  }
  return day;
}

test('a reservation is booked and cancelled, and a holiday added, with the keyboard alone', async ({
  page,
}) => {
  const day = quietDay();
  const [year, month, dayOfMonth] = day.split('-');
  await signInToShell(page, 'admin');
  const form = reservationForm(page);
  await expect(form.getByRole('combobox', { name: 'Car' })).not.toHaveText(EMPTY_SELECT);
  await page.locator('body').focus();

  // Book: type Normal, the date, an evening no other spec uses, the first free slot.
  // The type buttons are one stop of Tab; the arrow keys move between them (a roving focus).
  const normal = form.getByRole('button', { name: 'Normal', exact: true });
  await tabTo(page, form.locator('.MuiToggleButtonGroup-root'));
  for (let step = 0; step < 4; step += 1) {
    if (await normal.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowRight');
  }
  await expect(normal).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(normal).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, pickerGroup(page, 'Date').getByRole('spinbutton').first());
  await page.keyboard.type(`${month}${dayOfMonth}${year}`);
  await tabTo(page, pickerGroup(page, 'Start time').getByRole('spinbutton').first());
  await page.keyboard.type('2105');
  await tabTo(page, pickerGroup(page, 'End time').getByRole('spinbutton').first());
  await page.keyboard.type('2140');
  const slot = form.getByRole('combobox', { name: 'Parking slot' });
  await tabTo(page, slot);
  // The slot search keeps the focus in its field and points at the highlighted option (aria-activedescendant).
  await page.keyboard.press('ArrowDown');
  const firstFree = page.getByRole('option').first();
  await expect(firstFree).toBeVisible();
  // The first press opened the list; the next one highlights its first option.
  await page.keyboard.press('ArrowDown');
  await expect(slot).toHaveAttribute('aria-activedescendant', (await firstFree.getAttribute('id')) ?? '');
  const slotText = ((await firstFree.textContent()) ?? '').trim();
  await page.keyboard.press('Enter');
  await expect(slot).toHaveValue(/\w/);
  expect(slotText).toContain(await slot.inputValue());
  await tabTo(page, form.getByRole('button', { name: 'Reserve' }));
  await page.keyboard.press('Enter');
  // The outcome is announced: the message is in a live region.
  await expect(
    page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: /reservations? saved/i }),
  ).toBeVisible();
  const card = page
    .getByTestId('reservation-card')
    .filter({ hasText: cardDay(day) })
    // The card names the slot shorter than the option does; the evening hour is this test's own.
    .filter({ hasText: '21:05' });
  // The focus went to the new card (issue 31 §3), named by its day, so the user goes on from what they made.
  await expect(card).toBeFocused();
  await expect(card).toHaveAccessibleName(cardDay(day));

  // Cancel: the card's button (Delete for a reservation not yet begun), named with its day, then the
  // confirmation, which holds the focus and gives it back.
  const cancel = card.getByRole('button', { name: `Delete reservation of ${cardDay(day)}` });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Yes' }), 10);
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  // The focus is not lost with the card: it is on the card in its place, or on the list's heading.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.activeElement?.matches(
            '[data-testid=reservation-card], [data-testid=reservation-series-card], #active-reservations-title',
          ) ?? false,
      ),
    )
    .toBe(true);

  // A holiday on the same day, from the menu, by keyboard.
  await page.locator('body').focus();
  await tabTo(
    page,
    page
      .getByRole('navigation')
      .getByRole('link', { name: 'Holidays' })
      .or(page.getByRole('navigation').getByRole('menuitem', { name: 'Holidays' }))
      .first(),
  );
  await page.keyboard.press('Enter');
  const holidayForm = page.getByRole('form', { name: 'New holiday' });
  await expect(holidayForm).toBeVisible();
  // An administrator names whose holiday it is: type into the user picker, take the first match.
  await tabTo(page, holidayForm.getByRole('combobox', { name: 'User' }));
  await page.keyboard.type('admin');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(holidayForm.getByRole('combobox', { name: 'User' })).not.toHaveValue('admin');
  await tabTo(page, holidayForm.getByRole('group', { name: 'Start date' }).getByRole('spinbutton').first());
  await page.keyboard.type(`${month}${dayOfMonth}${year}`);
  await tabTo(page, holidayForm.getByRole('group', { name: 'End date' }).getByRole('spinbutton').first());
  await page.keyboard.type(`${month}${dayOfMonth}${year}`);
  await tabTo(page, holidayForm.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  // Other specs' reservations of the administrator that day would be named in a confirmation first.
  const confirm = page.getByRole('dialog');
  const saved = page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Holiday saved.' });
  await expect(confirm.or(saved).first()).toBeVisible();
  if (await confirm.isVisible()) {
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }), 10);
    await page.keyboard.press('Enter');
  }
  await expect(saved).toBeVisible();
  const holiday = page.getByTestId('holiday-card').filter({ hasText: cardDay(day) });
  await expect(holiday).toBeVisible();

  // Tidy up, still by keyboard: the holiday goes again.
  await page.locator('body').focus();
  await tabTo(page, holiday.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('dialog').getByRole('button', { name: 'Yes' }), 10);
  await page.keyboard.press('Enter');
  await expect(holiday).toHaveCount(0);
});
