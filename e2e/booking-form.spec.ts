import { addDays, formatDay, formatDayWithWeekday } from '@parkhere/contract';
import { accessTokenOf, deleteReservations, type Entity, reserveOnFirstFreeDay } from './api.ts';
import { violationsOf } from './axe.ts';
import { appToday, workingDayAfterToday } from './clock.ts';
import { chooseType, EMPTY_SELECT, pickerGroup, reservationForm, typeDate, typeTime } from './controls.ts';
import { expect, signInToShell, test } from './fixtures.ts';

/*
 * What a user sees in the booking form when a booking cannot be made as asked (issue 14: a reservation over
 * their own, a past date, a taken preferred slot) and after a guest booking. The app clock is 08:00 on a
 * working morning. Each test books days and hours no other spec uses and deletes what it made, so the demo
 * user's quota stays as the other specs expect it.
 */

const FILLED = /[^\s\u200b]/;

test('booking over your own reservation says so once the day and times are picked, on a phone, and Reserve names it too', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToShell(page, 'user');
  const day = workingDayAfterToday(6);
  let taken = '';
  let takenFully = '';
  const { reservations } = await reserveOnFirstFreeDay(request, await accessTokenOf(page), {
    days: [day],
    startTime: '20:00:00',
    endTime: '20:45:00',
    // The last slot, so that the form's own (preferred) slot is another.
    pick: (slots) => {
      const slot = slots.at(-1);
      takenFully = String(slot?.aggregaredName ?? '');
      taken = takenFully.split(' / ')[0] ?? '';
      return slot;
    },
  });
  try {
    await chooseType(page, 'Normal');
    await typeDate(pickerGroup(page, 'Date'), day);
    await typeTime(pickerGroup(page, 'Start time'), '20:15');
    await typeTime(pickerGroup(page, 'End time'), '21:00');
    const slot = reservationForm(page).getByRole('combobox', { name: 'Parking slot' });
    await expect(slot).toHaveValue(FILLED);
    const said = (slotName: string) =>
      `You already have a reservation at ${slotName} on ${formatDayWithWeekday(day, 'en-US')}, 20:00–20:45. Change or cancel that one, or choose another time.`;
    // Said before Reserve, from the day's own reservations (/api/availability names the slot in full; issue 31).
    await expect(reservationForm(page).getByTestId('own-overlap')).toHaveText(said(takenFully));
    expect(await violationsOf(page, 'the form with its overlap note', '[data-testid="own-overlap"]')).toBe(
      '',
    );
    await reservationForm(page).getByRole('button', { name: 'Reserve' }).click();
    const alert = reservationForm(page)
      .getByRole('alert')
      .filter({ hasText: 'You already have a reservation' });
    await expect(alert).toHaveText(said(taken));
    await expect(reservationForm(page).getByText('No free parking slot for this time.')).toHaveCount(0);
  } finally {
    await deleteReservations(request, page, reservations);
  }
});

test('a typed past date says it is in the past', async ({ page }) => {
  await signInToShell(page, 'user');
  await chooseType(page, 'Normal');
  await typeDate(pickerGroup(page, 'Date'), addDays(appToday(), -1));
  await expect(reservationForm(page).getByText('The date is in the past.')).toBeVisible();
  await typeDate(pickerGroup(page, 'Date'), workingDayAfterToday(0));
  await expect(reservationForm(page).getByText('The date is in the past.')).toHaveCount(0);
});

test('a preferred slot taken that day is named, not cleared silently', async ({ page, request }) => {
  await signInToShell(page, 'user');
  await chooseType(page, 'Normal');
  const day = workingDayAfterToday(7);
  await typeDate(pickerGroup(page, 'Date'), day);
  const slot = reservationForm(page).getByRole('combobox', { name: 'Parking slot' });
  await expect(slot).toHaveValue(FILLED);
  const preferred = (await slot.inputValue()).trim();
  // The preferred slot goes for the whole of that day's working hours.
  const { reservations } = await reserveOnFirstFreeDay(request, await accessTokenOf(page), {
    days: [day],
    startTime: '06:00:00',
    endTime: '22:00:00',
    pick: (slots) => slots.find((candidate) => candidate.aggregaredName === preferred),
  });
  try {
    await page.reload();
    await chooseType(page, 'Normal');
    await typeDate(pickerGroup(page, 'Date'), day);
    await expect(
      reservationForm(page).getByText(`Your preferred slot ${preferred} is taken that day; choose another.`),
    ).toBeVisible();
    await expect(slot).toHaveValue(EMPTY_SELECT);
  } finally {
    await deleteReservations(request, page, reservations);
  }
});

test('after a guest booking the guest fields are empty, so Reserve cannot book the guest twice', async ({
  page,
  request,
}) => {
  await signInToShell(page, 'user');
  await chooseType(page, 'Guest');
  await typeDate(pickerGroup(page, 'Date'), workingDayAfterToday(8));
  await typeTime(pickerGroup(page, 'Start time'), '19:00');
  await typeTime(pickerGroup(page, 'End time'), '19:30');
  await reservationForm(page).getByLabel('Guest name').fill('Booking Form Guest');
  await reservationForm(page).getByLabel('Guest email').fill('booking-form@guest.example');
  await reservationForm(page).getByLabel('Guest license plate').fill('BFG-914');
  await expect(reservationForm(page).getByRole('combobox', { name: 'Parking slot' })).toHaveValue(FILLED);
  const answer = page.waitForResponse((response) =>
    response.url().includes('/UserReservationPanel/reservation'),
  );
  await reservationForm(page).getByRole('button', { name: 'Reserve' }).click();
  const created = (await (await answer).json()) as Entity[];
  try {
    await expect(page.getByText('Reservation saved.')).toBeVisible();
    await expect(reservationForm(page).getByLabel('Guest name')).toHaveValue('');
    await expect(reservationForm(page).getByLabel('Guest email')).toHaveValue('');
    await expect(reservationForm(page).getByLabel('Guest license plate')).toHaveValue('');
  } finally {
    await deleteReservations(request, page, created);
  }
});

test('booking a day of your holiday is warned about and waits for a confirmation', async ({
  page,
  request,
}) => {
  await signInToShell(page, 'user');
  const token = await accessTokenOf(page);
  const headers = { Authorization: `Bearer ${token}` };
  // A day no other spec reserves on: the holiday deletes nothing of theirs.
  const day = workingDayAfterToday(9);
  const [self] = (await (
    await request.post('/api/services/Actor/usersForInput/~list', { headers, data: {} })
  ).json()) as Entity[];
  const made = await request.post('/api/services/UserReservationPanel/holiday', {
    headers,
    data: { startDate: day, endDate: day, user: self },
  });
  expect(made.ok(), await made.text()).toBe(true);
  try {
    await page.reload();
    await chooseType(page, 'Normal');
    await typeDate(pickerGroup(page, 'Date'), day);
    const shown = formatDay(day, 'en-US');
    const warning = reservationForm(page).getByText(`You are on holiday from ${shown} to ${shown}.`, {
      exact: false,
    });
    await expect(warning).toBeVisible();
    const reserve = reservationForm(page).getByRole('button', { name: 'Reserve' });
    await expect(reserve).toBeDisabled();
    await reservationForm(page).getByLabel('Book it anyway').check();
    await expect(reserve).toBeEnabled();
    // Another day is no holiday: no warning.
    await typeDate(pickerGroup(page, 'Date'), workingDayAfterToday(6));
    await expect(warning).toHaveCount(0);
  } finally {
    // The holiday as the panel lists it, deleted so the user's days stay as the other specs expect them.
    const panel = await request.post('/api/services/Actor/userReservationPanel/~get', {
      headers,
      data: { _mask: '{holidays{startDate,endDate}}' },
    });
    const holidays = ((await panel.json()).holidays ?? []) as Entity[];
    const mine = holidays.filter((row) => row.startDate === day && row.endDate === day);
    expect(mine).toHaveLength(1);
    for (const holiday of mine) {
      const deleted = await request.post('/api/services/Holiday/deleteHoliday', {
        headers: { ...headers, 'X-Judo-SignedIdentifier': String(holiday.__signedIdentifier) },
      });
      expect(deleted.ok(), await deleted.text()).toBe(true);
    }
  }
});
