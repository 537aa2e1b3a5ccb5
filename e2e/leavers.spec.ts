import type { APIRequestContext } from '@playwright/test';
import { accessTokenOf, apiOf, type Entity } from './api.ts';
import { workingDayAfterToday } from './clock.ts';
import { expect, signIn, test } from './fixtures.ts';

/*
 * Leavers (issue 27, item 1): the administrator's Save that unticks "Active" first says what the deactivation
 * will release and asks to confirm, in the interface language. The specs share one server, so the confirmation
 * is answered No here (the deactivation itself is proven by the API tests): nothing is saved and the demo user
 * stays active for everyone else.
 */
test.slow();
// Both languages look at the same demo user: one after the other, so each sees its own count.
test.describe.configure({ mode: 'serial' });

const USERS = '/Services/Actor/Users/AccessTablePage';

const TEXTS = {
  'en-US': {
    active: 'Active',
    save: 'Save',
    title: 'Deactivate Quentin Quick?',
    reservations: (count: number) => `${count} upcoming reservation${count === 1 ? '' : 's'}`,
  },
  'hu-HU': {
    active: 'Aktív',
    save: 'Mentés',
    title: 'Deaktiválja: Quentin Quick?',
    reservations: (count: number) => `${count} közelgő foglalást`,
  },
} as const;

/** A NORMAL reservation for the demo user `quick`, booked by the administrator on a working day ahead. */
async function reserveForQuick(request: APIRequestContext, token: string): Promise<Entity> {
  const post = apiOf(request, token);
  const [quick] = (
    await post('Actor/usersForInput/~list', {
      email: [{ operator: 'equal', value: 'quick@parkhere.example' }],
    })
  ).body as Entity[];
  const [car] = (await post('ReservationInput/car/~range', { owner: { user: quick }, queryCustomizer: {} }))
    .body as Entity[];
  for (let skip = 2; skip < 9; skip += 1) {
    const draft = {
      reservationType: 'NORMAL',
      date: workingDayAfterToday(skip),
      startTime: '07:00:00',
      endTime: '07:45:00',
      user: quick,
      car,
      sendNotification: false,
    };
    const [slot] = (await post('ReservationInput/parkingSlot/~range', { owner: draft, queryCustomizer: {} }))
      .body as Entity[];
    const created = await post('ReservationsPanel/reservation', { ...draft, parkingSlot: slot });
    if (created.ok) {
      return (created.body as Entity[])[0] as Entity;
    }
  }
  throw new Error('no day to reserve on for quick');
}

for (const language of ['en-US', 'hu-HU'] as const) {
  test(`${language}: the deactivation's confirmation names what it will release, and No saves nothing`, async ({
    page,
    request,
  }) => {
    const text = TEXTS[language];
    await page.addInitScript((chosen) => {
      window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: chosen }));
    }, language);
    await signIn(page, 'admin', USERS);
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
    const token = await accessTokenOf(page);
    const post = apiOf(request, token);
    const reservation = await reserveForQuick(request, token);

    const [quick] = (
      await post('Actor/users/~list', { email: [{ operator: 'equal', value: 'quick@parkhere.example' }] })
    ).body as Entity[];
    const signed = String(quick?.__signedIdentifier);
    const release = (await post('UserSettings/queryDeactivationRelease', {}, signed)).body as {
      upcomingReservations: number;
    };
    expect(release.upcomingReservations).toBeGreaterThan(0);

    await page.goto(`/Services/Actor/Users/AccessViewPage/${encodeURIComponent(signed)}`);
    const active = page.getByRole('checkbox', { name: text.active, exact: true });
    await expect(active).toBeChecked();
    await active.uncheck();
    // The user's details form's own Save (the relation pickers below have theirs).
    await page.locator('form', { has: active }).getByRole('button', { name: text.save, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: text.title });
    await expect(dialog).toBeVisible();
    // Its description, as a screen reader reads it, says what goes.
    // Its description, as a screen reader reads it, says what goes, with the number's own plural.
    await expect(dialog).toHaveAccessibleDescription(
      new RegExp(`(^|\\s)${text.reservations(release.upcomingReservations)}(?![a-z])`),
    );
    // The keyboard: the dialog holds the focus, and Escape answers No.
    await expect(dialog.getByRole('button').last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: text.active, exact: true })).toBeChecked();
    const still = (await post('UserSettings/queryDeactivationRelease', {}, signed)).body as {
      upcomingReservations: number;
    };
    expect(still.upcomingReservations).toBeGreaterThan(0);

    await post('UserReservation/deleteReservation', {}, String(reservation.__signedIdentifier));
  });
}
