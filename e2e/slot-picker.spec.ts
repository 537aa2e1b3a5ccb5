import { addDays, formatDay, isHungarianPublicHoliday, isoDayOfWeek } from '@parkhere/contract';
import { accessTokenOf, apiOf, type Entity } from './api.ts';
import { animationsEnded, openAs, textsOf, violationsOf } from './axe.ts';
import { appToday, workingDayAfterToday } from './clock.ts';
import { chooseType, pickerGroup, reservationForm, typeDate } from './controls.ts';
import { chooseEnglish, expect, signInToShell, test } from './fixtures.ts';

/*
 * The reservation form's picks (issue 14 items 2, 5, 11, 34): the slot picker grouped by garage and floor with
 * each slot's flags, the date picker on the configured calendar, a booking on the owner's holiday that the
 * server refuses until it is confirmed, and a user without garage access told so. Each test uses days no other
 * spec uses and removes what it made.
 */

test('the slot picker groups the free slots by garage and floor, shows their flags and searches', async ({
  page,
}) => {
  await signInToShell(page, 'user');
  await chooseType(page, 'Normal');
  await typeDate(pickerGroup(page, 'Date'), workingDayAfterToday(13));
  const field = reservationForm(page).getByRole('combobox', { name: 'Parking slot' });
  await field.click();
  const list = page.getByRole('listbox');
  await expect(list.getByText('HQ Garage, floor -1', { exact: true })).toBeVisible();
  await expect(list.getByText('HQ Garage, floor -2', { exact: true })).toBeAttached();
  // A-120 stands next to a wall: said on the option, before it is chosen.
  await expect(list.getByRole('option', { name: /A-120/ })).toContainText('Next to a wall');
  await expect(list.getByRole('option', { name: /A-110/ })).not.toContainText('Next to a wall');
  await field.fill('A-20');
  await expect(list.getByText('HQ Garage, floor -1', { exact: true })).toHaveCount(0);
  await list.getByRole('option', { name: /A-205/ }).click();
  await expect(field).toHaveValue('A-205 / -2 (HQ Garage)');
});

for (const locale of ['en-US', 'hu-HU'] as const) {
  test(`the open slot picker is a listbox of named groups holding their options, as axe wants it (${locale})`, async ({
    page,
  }) => {
    await openAs(page, 'user', { width: 1280, mode: 'light', locale });
    const text = textsOf(locale);
    await chooseType(page, text('application:enumeration.ReservationType.NORMAL'));
    await typeDate(
      pickerGroup(page, text('application:reservationForm.date')),
      workingDayAfterToday(13),
      locale,
    );
    const field = reservationForm(page).getByRole('combobox', {
      name: text('application:reservationForm.parkingSlot'),
    });
    await field.click();
    const list = page.getByRole('listbox');
    const floor = text('application:reservationForm.slotGroup')
      .replace('{{garage}}', 'HQ Garage')
      .replace('{{floor}}', '-1');
    // A group is named by its heading and holds its options; no option stands outside a group.
    await expect(
      list.getByRole('group', { name: floor, exact: true }).getByRole('option').first(),
    ).toBeVisible();
    // Both counted in one look at the list, which may still change as the typed date's free slots arrive (counted
    // one after the other, a CI run saw 38 options, then 40 in groups).
    await expect
      .poll(() =>
        list.evaluate((box) => {
          const options = box.querySelectorAll('[role=option]').length;
          return {
            several: options > 1,
            outsideGroups: options - box.querySelectorAll('[role=group] [role=option]').length,
          };
        }),
      )
      .toEqual({ several: true, outsideGroups: 0 });
    await animationsEnded(page);
    expect(await violationsOf(page, 'the open slot picker')).toBe('');
  });
}

test('an administrator sees the exclusive slots marked as such', async ({ page }) => {
  await signInToShell(page, 'admin');
  await chooseType(page, 'Normal');
  await typeDate(pickerGroup(page, 'Date'), workingDayAfterToday(13));
  const field = reservationForm(page).getByRole('combobox', { name: 'Parking slot' });
  await field.click();
  await field.fill('A-10');
  const exclusive = page.getByRole('listbox').getByRole('option', { name: /A-101/ });
  await expect(exclusive).toContainText('Exclusive');
  await expect(exclusive).toContainText('Next to a wall');
});

test('the date picker follows an additional working day an administrator enters', async ({
  page,
  request,
}) => {
  // A Saturday two months ahead, no public holiday: a day off until the administrator makes it a working day.
  let saturday = addDays(appToday(), 60);
  while (isoDayOfWeek(saturday) !== 6 || isHungarianPublicHoliday(saturday)) {
    saturday = addDays(saturday, 1);
  }
  await signInToShell(page, 'user');
  await chooseType(page, 'Long');
  await typeDate(pickerGroup(page, 'Date'), saturday);
  const notWorking = reservationForm(page).getByText('This is not a working day.');
  const dateField = reservationForm(page).getByRole('group', { name: 'Date', exact: true });
  await expect(notWorking).toBeVisible();
  await expect(dateField).toHaveAttribute('aria-invalid', 'true');

  const admin = await page.context().browser()?.newContext();
  if (admin === undefined) {
    throw new Error('no browser for the administrator');
  }
  await chooseEnglish(admin);
  const adminPage = await admin.newPage();
  await signInToShell(adminPage, 'admin');
  const asAdmin = apiOf(request, await accessTokenOf(adminPage));
  const configuration = (await asAdmin('Actor/configurationSettings/~get')).body as Entity;
  const made = await asAdmin(
    'ConfigurationSettings/createDay',
    { day: saturday, typeOfDay: 'WORK' },
    configuration.__signedIdentifier,
  );
  expect(made.ok, JSON.stringify(made.body)).toBe(true);
  const day = made.body as Entity;
  try {
    await page.reload();
    await chooseType(page, 'Long');
    await typeDate(pickerGroup(page, 'Date'), saturday);
    await expect(notWorking).toHaveCount(0);
    await expect(dateField).toHaveAttribute('aria-invalid', 'false');
  } finally {
    const deleted = await asAdmin('AdditionalDay/~delete', {}, day.__signedIdentifier);
    expect(deleted.ok, JSON.stringify(deleted.body)).toBe(true);
    await admin.close();
  }
});

test('a booking on the owner’s holiday is refused by the server until it is confirmed, an administrator’s too', async ({
  page,
  request,
}) => {
  // A day no other spec reserves on: the holiday deletes nothing of theirs.
  const day = workingDayAfterToday(11);
  await signInToShell(page, 'admin');
  const asAdmin = apiOf(request, await accessTokenOf(page));
  const [ulrich] = (
    await asAdmin('Actor/usersForInput/~list', {
      email: [{ operator: 'equal', value: 'user@parkhere.example' }],
    })
  ).body as Entity[];
  const made = await asAdmin('UserReservationPanel/holiday', { startDate: day, endDate: day, user: ulrich });
  expect(made.ok, JSON.stringify(made.body)).toBe(true);
  const holiday = made.body as Entity;
  let created: Entity[] = [];
  try {
    const form = reservationForm(page);
    await form.getByRole('combobox', { name: 'User' }).fill('Ulrich');
    await page.getByRole('option', { name: /Ulrich User/ }).click();
    await chooseType(page, 'Normal');
    await typeDate(pickerGroup(page, 'Date'), day);
    const slot = form.getByRole('combobox', { name: 'Parking slot' });
    await slot.click();
    await page.getByRole('option').first().click();
    const reserve = form.getByRole('button', { name: 'Reserve' });
    await reserve.click();
    // The form did not know of Ulrich's holiday: the server's refusal names it and asks.
    await expect(
      form.getByText(
        `Ulrich User is on holiday from ${formatDay(day, 'en-US')} to ${formatDay(day, 'en-US')}.`,
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    await expect(reserve).toBeDisabled();
    await form.getByLabel('Book it anyway').check();
    const answer = page.waitForResponse((response) => response.url().includes('/reservation'));
    await reserve.click();
    const response = await answer;
    expect(response.status()).toBe(200);
    created = (await response.json()) as Entity[];
    expect(created.map((row) => row.date)).toEqual([day]);
  } finally {
    for (const reservation of created) {
      await asAdmin('UserReservation/deleteReservation', {}, reservation.__signedIdentifier);
    }
    const deleted = await asAdmin('Holiday/deleteHoliday', {}, holiday.__signedIdentifier);
    expect(deleted.ok, JSON.stringify(deleted.body)).toBe(true);
  }
});

test('a user without garage access is told so and whom to ask, not that every slot is taken', async ({
  page,
  request,
}) => {
  await signInToShell(page, 'doorman', '/');
  const form = reservationForm(page);
  await expect(form).toBeVisible();
  // Another spec may grant the doorman a garage of its own while it runs: the form says what holds now.
  const garages = (
    await apiOf(request, await accessTokenOf(page))('ReservationInput/parkingGarage/~range', {
      owner: {},
      queryCustomizer: {},
    })
  ).body as Entity[];
  const notice = form.getByText(
    'You have no access to any garage, so there is no slot to choose. Ask an administrator (facilities@parkhere.example) to grant you access.',
  );
  if (garages.length === 0) {
    await expect(notice).toBeVisible();
    await expect(form.getByText('No free parking slot for this time.')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Join the waitlist' })).toHaveCount(0);
  } else {
    await expect(form.getByRole('combobox', { name: 'Parking slot' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  }
});
