import { DEFAULT_TIME_ZONE } from '@parkhere/contract';
import type { APIRequestContext, Browser } from '@playwright/test';
import { acceptedApiOf, accessTokenOf, type Entity } from './api.ts';
import { DESKTOP_AND_PHONE, openAs, settled, textsOf, violationsOf } from './axe.ts';
import { workingDayAfterToday } from './clock.ts';
import { cutOffNow, drawingGarage } from './drawing.ts';
import { chooseEnglish, expect, pinClock, signInToShell, test } from './fixtures.ts';

/*
 * [Fair share 2] The administrators' Draws screen on the pinned app clock, in Hungarian and English, on a
 * desktop and a 360 px phone: a garage of its own draws the next working day, the demo user requests it, the
 * cut-off is moved to now (the draw job runs each minute of the server's clock), and the administrator finds
 * the draw by its garage, opens it (the user's request, won, on the garage's one slot) and replays it: same
 * outcome. The screen meets WCAG 2.1 AA with the draw open.
 */
test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: DEFAULT_TIME_ZONE });

const VARIANTS = DESKTOP_AND_PHONE;

const DAY = workingDayAfterToday();
const GARAGE = `Zadmin draw ${Date.now() % 1_000_000}`;

/** A signed-in browser of `login`'s own, and the API as them. */
async function signedIn(browser: Browser, request: APIRequestContext, login: 'admin' | 'user') {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: DEFAULT_TIME_ZONE });
  await pinClock(context);
  await chooseEnglish(context);
  const page = await context.newPage();
  await signInToShell(page, login);
  const token = await accessTokenOf(page);
  const template = async (): Promise<Entity> =>
    (
      await request.get('/api/services/ReservationInput/~template', {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
  return { post: acceptedApiOf(request, token), template, close: () => context.close() };
}

let admin: Awaited<ReturnType<typeof signedIn>>;
let garage: Entity;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  admin = await signedIn(browser, request, 'admin');
  // The garage draws DAY: its cut-off one working day before, late tonight.
  garage = await drawingGarage(admin.post, GARAGE, 1);
  const user = await signedIn(browser, request, 'user');
  const [me] = await user.post('Actor/usersForInput/~list', {
    email: [{ operator: 'equal', value: 'user@parkhere.example' }],
  });
  // Any slot of the garage: the template's (the user's preferred slot) is elsewhere.
  const { parkingSlot: _preferred, ...template } = await user.template();
  const form = {
    ...template,
    user: me,
    date: DAY,
    startTime: '23:00:00',
    endTime: '23:30:00',
    reservationType: 'NORMAL',
  };
  const garages = await user.post('ReservationInput/parkingGarage/~range', {
    owner: form,
    queryCustomizer: {},
  });
  await user.post('UserReservationPanel/requestDraw', {
    ...form,
    parkingGarage: garages.find((candidate) => candidate.name === GARAGE),
  });
  await user.close();
  garage = await cutOffNow(admin.post, garage);
  const panel = await admin.post('Actor/reservationsAccess/~get');
  await expect(async () => {
    const draws = await admin.post(
      'ReservationsPanel/draws/~list',
      { parkingGarageName: [{ operator: 'equal', value: GARAGE }] },
      panel.__signedIdentifier,
    );
    expect(draws).toHaveLength(1);
  }).toPass({ timeout: 150_000, intervals: [5_000] });
});

test.afterAll(async () => {
  // The won reservation goes (the user's quota is every spec's), and the garage stops drawing.
  const panel = await admin.post('Actor/reservationsAccess/~get');
  const future = await admin.post(
    'ReservationsPanel/futureReservations/~list',
    { date: [{ operator: 'equal', value: DAY }] },
    panel.__signedIdentifier,
  );
  for (const reservation of future.filter((each) => String(each.parkingSlotInformation).includes(GARAGE))) {
    await admin.post('UserReservation/deleteReservation', {}, reservation.__signedIdentifier);
  }
  await admin.post(
    'ParkingGarageSettings/~update',
    { ...garage, isActive: false, drawEnabled: false },
    garage.__signedIdentifier,
  );
  await admin.close();
});

for (const variant of VARIANTS) {
  test(`an administrator finds a draw, reads its requests and replays it (${variant.name})`, async ({
    page,
  }) => {
    const t = textsOf(variant.locale);
    await openAs(page, 'admin', { width: variant.width, mode: 'light', locale: variant.locale });
    // The menu's entry, where the other administrators' reservation screens are.
    await page.goto('/Services/Actor/ReservationsAccess/Draws');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('application:page.draws'));

    await page.getByRole('combobox', { name: t('application:adminViews.draws.garage') }).click();
    await page.getByRole('option', { name: GARAGE, exact: true }).click();
    const show = page.getByRole('button', { name: t('application:adminViews.draws.show') });
    await expect(show).toHaveCount(1);
    await show.click();

    const detail = page.getByRole('region', {
      name: t('application:adminViews.draws.detail').replace('{{garage}}', GARAGE).replace('{{date}}', DAY),
    });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText('Ulrich User');
    await expect(detail).toContainText(t('application:enumeration.DrawResult.WON'));
    await expect(detail).toContainText('Z-1');

    await detail.getByRole('button', { name: t('application:adminViews.draws.replay'), exact: true }).click();
    await expect(detail.getByRole('alert')).toHaveText(t('application:adminViews.draws.same'));
    await settled(page);
    expect(await violationsOf(page, `Draws (${variant.name})`)).toBe('');
  });
}
