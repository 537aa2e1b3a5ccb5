import {
  addDays,
  compareDates,
  DEFAULT_TIME_ZONE,
  isLongSeriesEndInBounds,
  isWorkingDay,
  type LocalDate,
  wallClockAt,
  workingCalendar,
  workingDaysBetween,
} from '@parkhere/contract';
import type { Page } from '@playwright/test';
import { UNSHARED_SLOT } from './api.ts';
import { appNow, appToday, cardDay, workingDayAfterToday } from './clock.ts';
import { chooseType, EMPTY_SELECT, pickerGroup, reservationForm, typeDate, typeTime } from './controls.ts';
import { expect, signInToShell, test } from './fixtures.ts';

/*
 * The browser and the server share the app clock of playwright.config.ts: the morning of a working day, so
 * today is a working day, it is before noon and the day is long enough for anything these tests reserve.
 */

async function reserve(page: Page): Promise<void> {
  await reservationForm(page).getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByText(/reservations? saved/i)).toBeVisible();
}

/**
 * Reserves from the current minute. The earliest start the form accepts today is now, so a minute that turns
 * between typing the start and Reserve refuses it (a loaded machine takes that long to fill the form); then
 * the start is typed again. Any other refusal fails with what the form says.
 */
async function reserveFromThisMinute(page: Page): Promise<void> {
  const minuteNow = () => wallClockAt(appNow(), DEFAULT_TIME_ZONE).time.slice(0, 5);
  for (let attempt = 1; ; attempt += 1) {
    const typed = minuteNow();
    await typeTime(pickerGroup(page, 'Start time'), typed);
    await reservationForm(page).getByRole('button', { name: 'Reserve' }).click();
    try {
      await expect(page.getByText(/reservations? saved/i)).toBeVisible({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt < 3 && minuteNow() !== typed) continue;
      const said = await reservationForm(page)
        .locator('.MuiFormHelperText-root.Mui-error, [role="alert"]')
        .allInnerTexts();
      throw new Error(`not saved from ${typed} (now ${minuteNow()}); the form says: ${said.join(' | ')}`, {
        cause: error,
      });
    }
  }
}

test('a normal reservation for the next working day with the preferred slot appears as a card', async ({
  page,
}) => {
  await signInToShell(page, 'user');
  await chooseType(page, 'Normal');
  const day = workingDayAfterToday(1);
  await typeDate(pickerGroup(page, 'Date'), day);
  const slot = reservationForm(page).getByRole('combobox', { name: 'Parking slot' });
  await expect(slot).not.toHaveValue(/^\s*$/);
  const preferred = await slot.inputValue();
  await reserve(page);
  const card = page
    .getByTestId('reservation-card')
    .filter({ hasText: cardDay(day) })
    .filter({ hasText: preferred.trim() });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Normal');
});

test('a quick user before noon cannot pick a start before 12:00', async ({ page }) => {
  const now = wallClockAt(appNow(), DEFAULT_TIME_ZONE);
  expect(now.time < '11:30:00', 'the app clock is still well before noon').toBe(true);
  const today = now.date;
  await signInToShell(page, 'quick');
  // One type only: no picker.
  await expect(reservationForm(page).getByRole('button', { name: 'Quick', exact: true })).toHaveCount(0);
  const date = pickerGroup(page, 'Date');
  await typeDate(date, today);
  const start = pickerGroup(page, 'Start time');
  await typeTime(start, '11:30');
  await expect(reservationForm(page).locator('.MuiPickersInputBase-root.Mui-error').first()).toBeVisible();
  await typeTime(start, '12:30');
  await typeTime(pickerGroup(page, 'End time'), '14:00');
  await expect(reservationForm(page).locator('.MuiPickersInputBase-root.Mui-error')).toHaveCount(0);
});

test('the form speaks both languages', async ({ page }) => {
  await signInToShell(page, 'user');
  await expect(reservationForm(page).getByRole('button', { name: 'Reserve' })).toBeVisible();
  await expect(reservationForm(page).getByRole('group', { name: 'Start time' })).toBeVisible();
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('ParkHere-config') ?? '{}');
    localStorage.setItem('ParkHere-config', JSON.stringify({ ...stored, i18n: 'hu-HU' }));
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Új foglalás' })).toBeVisible();
  await expect(reservationForm(page).getByRole('button', { name: 'Foglalás' })).toBeVisible();
  await expect(reservationForm(page).getByRole('group', { name: 'Kezdés' })).toBeVisible();
  await expect(reservationForm(page).getByRole('button', { name: 'Hosszú', exact: true })).toBeVisible();
});

test('a guest reservation shows the guest name and plate', async ({ page }) => {
  await signInToShell(page, 'user');
  await chooseType(page, 'Guest');
  const day = workingDayAfterToday(2);
  await typeDate(pickerGroup(page, 'Date'), day);
  await reservationForm(page).getByLabel('Guest name').fill('Gabi Guest');
  await reservationForm(page).getByLabel('Guest email').fill('gabi@guest.example');
  await reservationForm(page).getByLabel('Guest license plate').fill('GST-123');
  await expect(reservationForm(page).getByRole('combobox', { name: 'Car' })).toHaveCount(0);
  await reserve(page);
  const card = page
    .getByTestId('reservation-card')
    .filter({ hasText: cardDay(day) })
    .filter({ hasText: 'Guest' });
  await expect(card).toContainText('Gabi Guest · GST-123');
});

test('cancelling an in-progress reservation frees the slot', async ({ page }) => {
  const now = wallClockAt(appNow(), DEFAULT_TIME_ZONE);
  await signInToShell(page, 'admin');
  const [hours = 0, minutes = 0] = now.time.split(':').map(Number);
  const end = `${String(hours + 1).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  await expect(reservationForm(page).getByRole('combobox', { name: 'Car' })).not.toHaveText(EMPTY_SELECT);
  await chooseType(page, 'Normal');
  await typeTime(pickerGroup(page, 'Start time'), now.time.slice(0, 5));
  await typeTime(pickerGroup(page, 'End time'), end);
  const slotField = reservationForm(page).getByRole('combobox', { name: 'Parking slot' });
  await slotField.click();
  // A slot no other spec books, so nobody running beside this test takes it the moment it is free. An option
  // also names its flags (next to a wall, exclusive): the field shows the slot's name alone.
  await page.getByRole('option', { name: new RegExp(`^${UNSHARED_SLOT} `) }).click();
  const slot = (await slotField.inputValue()).trim();
  expect(slot).toContain(UNSHARED_SLOT);
  await reserveFromThisMinute(page);
  const card = page
    .getByTestId('reservation-card')
    .filter({ hasText: cardDay(now.date) })
    .filter({ hasText: slot });
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('the parking slot is free again')).toBeVisible();
  await expect(card).toHaveCount(0);
  // The same times again: the slot is offered once more.
  await typeTime(
    pickerGroup(page, 'End time'),
    `${String(hours + 1).padStart(2, '0')}:${String((minutes + 1) % 60).padStart(2, '0')}`,
  );
  await slotField.click();
  await expect(page.getByRole('option', { name: slot })).toBeVisible();
  // Nor does the form take the cancelled one for a booking of this minute.
  await expect(reservationForm(page).getByText(/You already have a reservation/)).toHaveCount(0);
});

test('a long reservation makes one reservation per working day, shown as one card listing them', async ({
  page,
}) => {
  // From today over the first days off to the working day after them, at an hour no other spec uses.
  const first = appToday();
  let end = addDays(first, 1);
  while (isWorkingDay(end)) {
    end = addDays(end, 1);
  }
  const daysOff: LocalDate[] = [];
  while (!isWorkingDay(end)) {
    daysOff.push(end);
    end = addDays(end, 1);
  }
  const days = workingDaysBetween(first, end, workingCalendar());
  await signInToShell(page, 'user');
  await chooseType(page, 'Long');
  await typeDate(pickerGroup(page, 'Date'), first);
  await typeDate(pickerGroup(page, 'End date'), end);
  await typeTime(pickerGroup(page, 'Start time'), '18:00');
  await typeTime(pickerGroup(page, 'End time'), '19:00');
  const slotField = reservationForm(page).getByRole('combobox', { name: 'Parking slot' });
  await expect(slotField).not.toHaveValue(/^\s*$/);
  const slot = (await slotField.inputValue()).trim();
  await reservationForm(page).getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByText(`${days.length} reservations saved.`)).toBeVisible();

  // Issue 14 item 8: the days of the booking are one card, each day listed by its weekday.
  const series = page
    .getByTestId('reservation-series-card')
    .filter({ hasText: 'Long' })
    .filter({ hasText: '18:00' })
    .filter({ hasText: slot });
  await expect(series).toHaveCount(1);
  const listed = series.getByRole('listitem');
  for (const day of days) {
    await expect(listed.filter({ hasText: cardDay(day) })).toHaveCount(1);
  }
  for (const day of daysOff) {
    await expect(listed.filter({ hasText: cardDay(day) })).toHaveCount(0);
  }
  await expect(listed).toHaveCount(days.length);
});

test('a long reservation ending a century ahead is refused on its end date without asking for slots', async ({
  page,
}) => {
  // Every free-slot range the form asks for while the dates are typed section by section.
  const asked: { date: LocalDate; endDate: LocalDate | null }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/ReservationInput/parkingSlot/~range')) {
      const { owner } = request.postDataJSON() as { owner: { date: LocalDate; endDate: LocalDate | null } };
      asked.push({ date: owner.date, endDate: owner.endDate });
    }
  });
  await signInToShell(page, 'user');
  await chooseType(page, 'Long');
  const first = workingDayAfterToday(3);
  await typeDate(pickerGroup(page, 'Date'), first);
  await typeDate(pickerGroup(page, 'End date'), addDays(first, 36_525));
  const message = 'A long reservation ends at most 366 days after its first day.';
  await expect(reservationForm(page).getByText(message)).toBeVisible();

  const answer = page.waitForResponse((response) =>
    response.url().includes('/UserReservationPanel/reservation'),
  );
  await reservationForm(page).getByRole('button', { name: 'Reserve' }).click();
  const refused = await answer;
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual([
    expect.objectContaining({ code: 'SERIES_TOO_LONG', location: 'endDate' }),
  ]);
  await expect(reservationForm(page).getByText(message)).toBeVisible();
  await expect(page.getByText(/reservations? saved/i)).toHaveCount(0);

  expect(asked.length).toBeGreaterThan(0);
  const implausible = asked.filter(
    ({ date, endDate }) =>
      compareDates(date, appToday()) < 0 ||
      (endDate !== null && (compareDates(endDate, date) < 0 || !isLongSeriesEndInBounds(date, endDate))),
  );
  expect(implausible).toEqual([]);
});
