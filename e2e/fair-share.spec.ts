import { DEFAULT_TIME_ZONE, wallClockAt } from '@parkhere/contract';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { accessTokenOf, type Entity, reserveOnFirstFreeDay } from './api.ts';
import { violationsOf } from './axe.ts';
import { appNow, appToday, cardDay, tableDay } from './clock.ts';
import { EMPTY_SELECT } from './controls.ts';
import { chooseEnglish, type DemoLogin, expect, pinClock, signInToShell, test } from './fixtures.ts';

/*
 * Check-in, the no-show release and the waitlist ([Fair share 1]) as their users see them, on the pinned app
 * clock of playwright.config.ts (a working morning around 08:00 in Budapest). Every test makes its own garage
 * that requires check-in, so no other spec's demo garage changes behaviour under it; the tests run in
 * parallel with each other, so no two of them reserve for one user at overlapping times.
 */

// The browser shows a check-in instant in its own zone; the app's users are in Budapest, like its clock.
test.use({ timezoneId: DEFAULT_TIME_ZONE });

const hhmm = (instant: Date) => wallClockAt(instant, DEFAULT_TIME_ZONE).time.slice(0, 5);

/** Another person's signed-in browser, with the app's clock, and their API. */
async function sessionOf(browser: Browser, login: DemoLogin, path = '/') {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: DEFAULT_TIME_ZONE });
  await pinClock(context);
  await chooseEnglish(context);
  const page = await context.newPage();
  await signInToShell(page, login, path);
  return { context, page, token: await accessTokenOf(page) };
}

/** Posts as the token's user with an instance's signed identifier; throws with the answer when refused. */
async function postOn(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
  signedIdentifier?: string,
): Promise<Entity & Entity[]> {
  const response = await request.post(`/api/services/${path}`, {
    headers: {
      Authorization: `Bearer ${token}`,
      ...(signedIdentifier === undefined ? {} : { 'X-Judo-SignedIdentifier': signedIdentifier }),
    },
    data,
  });
  const body = await response.text();
  expect(response.ok(), `${path}: ${body}`).toBe(true);
  return body === '' ? ({} as Entity & Entity[]) : JSON.parse(body);
}

type GarageSetup = {
  graceMinutes: number;
  earlyMinutes: number;
  slots: number;
  users: DemoLogin[];
  doorman?: boolean;
};

/**
 * An administrator's garage that requires check-in, with `slots` slots named Z-1… (after every demo slot by
 * name, so forms and specs that take the first free slot keep taking a demo one), the users' access and, when
 * asked, the demo doorman's assignment. Unique by name per run and test.
 */
async function checkInGarage(
  request: APIRequestContext,
  adminToken: string,
  label: string,
  setup: GarageSetup,
): Promise<{ name: string; slotNames: string[] }> {
  const name = `Zfs ${label} ${Date.now() % 1_000_000}`;
  const garage = await postOn(request, adminToken, 'Actor/~update/parkingGarages/~create', {
    name,
    checkInRequired: true,
    checkInGraceMinutes: setup.graceMinutes,
    checkInEarlyMinutes: setup.earlyMinutes,
  });
  const slotNames: string[] = [];
  for (let index = 1; index <= setup.slots; index += 1) {
    const slot = await postOn(
      request,
      adminToken,
      'ParkingGarageSettings/~update/parkingSlots/~create',
      { name: `Z-${index}`, floor: 0 },
      garage.__signedIdentifier,
    );
    slotNames.push(String(slot.aggregaredName));
  }
  for (const login of setup.users) {
    const [user] = await postOn(request, adminToken, 'Actor/users/~list', {
      email: [{ operator: 'equal', value: `${login}@parkhere.example` }],
    });
    const range = await postOn(request, adminToken, 'UserSettings/accessedParkingGarages/~range', {
      owner: user,
      queryCustomizer: {},
    });
    const mine = range.filter((candidate) => candidate.name === name);
    expect(mine, `${name} in the garage range of ${login}`).toHaveLength(1);
    await postOn(
      request,
      adminToken,
      'UserSettings/~update/accessedParkingGarages/~add',
      mine,
      user?.__signedIdentifier,
    );
  }
  if (setup.doorman === true) {
    const configuration = await postOn(request, adminToken, 'Actor/configurationSettings/~get', {});
    const doormen = await postOn(
      request,
      adminToken,
      'ConfigurationSettings/doormans/~list',
      {},
      configuration.__signedIdentifier,
    );
    const doorman = doormen.find((candidate) => candidate.email === 'doorman@parkhere.example');
    expect(doorman, 'the demo doorman').toBeDefined();
    const range = await postOn(request, adminToken, 'Doorman/assignedGarages/~range', {
      owner: doorman,
      queryCustomizer: {},
    });
    await postOn(
      request,
      adminToken,
      'Doorman/~update/assignedGarages/~add',
      range.filter((candidate) => candidate.name === name),
      doorman?.__signedIdentifier,
    );
  }
  return { name, slotNames };
}

/** A reservation of the token's user today in `garage`, through the API as the form would. */
async function reserveToday(
  request: APIRequestContext,
  token: string,
  garage: string,
  startTime: string,
  endTime: string,
): Promise<Entity> {
  const { reservation } = await reserveOnFirstFreeDay(request, token, {
    days: [appToday()],
    startTime,
    endTime,
    pick: (slots) => slots.find((slot) => String(slot.aggregaredName).endsWith(`(${garage})`)),
  });
  return reservation;
}

const cardsIn = (page: Page, garage: string): Locator =>
  page.getByTestId('reservation-card').filter({ hasText: `(${garage})` });

/** Reloads `page` until `locator` shows: for what a background job changes on the server. */
async function reloadUntilVisible(page: Page, locator: Locator, timeout: number): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout, intervals: [2_000, 5_000] });
}

const form = (page: Page) =>
  page.locator('form', { has: page.getByRole('heading', { name: 'New reservation' }) });

/** Types a date (en-US MM/DD/YYYY) into a picker field, section by section from its first one. */
async function typeDate(field: Locator, date: string): Promise<void> {
  const [year, month, day] = date.split('-');
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(`${month}${day}${year}`);
}

async function typeTime(field: Locator, time: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(time.replace(':', '').slice(0, 4));
}

async function closeAll(contexts: BrowserContext[]): Promise<void> {
  for (const context of contexts) {
    await context.close();
  }
}

test('a user checks in from the reservation card, and it stays checked in', async ({
  browser,
  page,
  request,
}) => {
  await signInToShell(page, 'admin');
  // Late in the day, so it overlaps no other test's reservation of the user; the early window of 12 hours is
  // open from 05:10 on, at any minute of the pinned morning.
  const garage = await checkInGarage(request, await accessTokenOf(page), 'card', {
    graceMinutes: 15,
    earlyMinutes: 720,
    slots: 1,
    users: ['user'],
  });

  const { context, page: user, token } = await sessionOf(browser, 'user');
  const reservation = await reserveToday(request, token, garage.name, '17:10:00', '17:50:00');
  await user.reload();
  const card = cardsIn(user, garage.name);
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('check-in-state')).toHaveText('Check in between 05:10 and 17:25');
  const checkIn = card.getByRole('button', { name: "I'm here" });
  await expect(checkIn).toBeEnabled();

  const before = hhmm(appNow());
  await checkIn.click();
  await expect(user.getByText('You are checked in. Welcome!')).toBeVisible();
  const after = hhmm(appNow());
  await expect(card.getByTestId('check-in-state')).toHaveText(
    new RegExp(`^Checked in at (${before}|${after})$`),
  );
  await expect(checkIn).toHaveCount(0);

  await user.reload();
  await expect(card.getByTestId('check-in-state')).toHaveText(/^Checked in at \d\d:\d\d$/);
  await expect(card.getByRole('button', { name: "I'm here" })).toHaveCount(0);

  // Leave the user's NORMAL quota as it was for the other specs.
  await postOn(request, token, 'UserReservation/deleteReservation', {}, reservation.__signedIdentifier);
  await closeAll([context]);
});

test('a doorman marks an arrival, and the owner sees the reservation checked in', async ({
  browser,
  page,
  request,
}) => {
  await signInToShell(page, 'admin');
  const adminToken = await accessTokenOf(page);
  const garage = await checkInGarage(request, adminToken, 'desk', {
    graceMinutes: 15,
    earlyMinutes: 720,
    slots: 1,
    users: ['admin'],
    doorman: true,
  });
  // The administrator's own reservation, late in the day (no other test's reservation of theirs is then).
  await reserveToday(request, adminToken, garage.name, '17:10:00', '17:50:00');

  const { context, page: doorman } = await sessionOf(browser, 'doorman');
  await doorman
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Arrivals' })
    .click();
  const row = doorman.getByRole('row').filter({ hasText: `(${garage.name})` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ada Admin');
  await expect(row).toContainText('17:10–17:50');
  await expect(row).toHaveAttribute('data-check-in', 'pending');
  await expect(row).toContainText('Waiting (window open until 17:25)');

  await row.getByRole('button', { name: 'Mark arrived: Ada Admin' }).click();
  await expect(doorman.getByText('Ada Admin marked as arrived.')).toBeVisible();
  await expect(row).toHaveAttribute('data-check-in', 'checkedIn');
  await expect(row).toContainText(/Checked in at \d\d:\d\d/);
  await expect(row.getByRole('button', { name: /Mark arrived/ })).toHaveCount(0);

  // The owner's card says so too.
  await page.goto('/');
  const card = cardsIn(page, garage.name);
  await expect(card.getByTestId('check-in-state')).toHaveText(/^Checked in at \d\d:\d\d$/);
  await expect(card.getByRole('button', { name: "I'm here" })).toHaveCount(0);
  await closeAll([context]);
});

test('a no-show is released when its grace ends and the first waitlisted user gets the slot', async ({
  browser,
  page,
  request,
}) => {
  // The release job runs on every whole minute: this test waits up to about three of them.
  test.setTimeout(300_000);
  await signInToShell(page, 'admin');
  const garage = await checkInGarage(request, await accessTokenOf(page), 'release', {
    graceMinutes: 0,
    earlyMinutes: 0,
    slots: 1,
    users: ['user', 'doorman', 'quick'],
  });
  const [slotName = ''] = garage.slotNames;
  const today = appToday();

  // A (user) holds the garage's one slot to 17:00 from a start two or three minutes ahead: the time B and C
  // need to join the waitlist while the slot is taken. With no grace it is released at the first minute tick
  // after that start.
  const now = appNow();
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 3 * 60_000);
  const startTime = `${hhmm(start)}:00`;
  const a = await sessionOf(browser, 'user');
  await reserveToday(request, a.token, garage.name, startTime, '17:00:00');

  // B (the doorman, who reserves QUICK and may park only in this garage) finds no slot for 13:00–17:00.
  const b = await sessionOf(browser, 'doorman');
  await postOn(
    request,
    b.token,
    'ProfileSettings/createCar',
    { licensePlate: `WL-${Date.now() % 100_000}`, manufacturer: 'Fiat', model: 'Panda' },
    (await postOn(request, b.token, 'Actor/profileSettings/~get', {})).__signedIdentifier,
  );
  await b.page.reload();
  await expect(form(b.page).getByRole('combobox', { name: 'Car' })).not.toHaveText(EMPTY_SELECT);
  await typeDate(form(b.page).getByRole('group', { name: 'Date' }), today);
  await typeTime(form(b.page).getByRole('group', { name: 'Start time' }), '13:00');
  await typeTime(form(b.page).getByRole('group', { name: 'End time' }), '17:00');
  const offer = b.page.getByTestId('waitlist-offer');
  await expect(offer).toContainText('No parking slot is free for this date, time and type.');
  await offer.getByRole('combobox', { name: 'Wait for a slot in' }).click();
  await b.page.getByRole('option', { name: garage.name, exact: true }).click();
  await offer.getByRole('button', { name: 'Join the waitlist' }).click();
  // The offer turns into the place in line where B was looking (issue 31).
  await expect(b.page.getByTestId('waitlist-joined')).toContainText('You are 1st in line.');
  expect(await violationsOf(b.page, 'the place in line', '[data-testid="waitlist-joined"]')).toBe('');
  const bEntry = b.page
    .getByRole('region', { name: 'My waitlist' })
    .getByTestId('waitlist-entry')
    .filter({ hasText: `Garage: ${garage.name}` });
  await expect(bEntry).toContainText(`${cardDay(today)} · 13:00–17:00`);
  await expect(bEntry).toContainText('1st in line');

  // C (quick) waits for the same hours behind B.
  const c = await sessionOf(browser, 'quick');
  const [cSelf] = await postOn(request, c.token, 'Actor/usersForInput/~list', {});
  const [cCar] = await postOn(request, c.token, 'ReservationInput/car/~range', {
    owner: { user: cSelf },
    queryCustomizer: {},
  });
  const cDraft = {
    reservationType: 'QUICK',
    date: today,
    startTime: '13:00:00',
    endTime: '17:00:00',
    user: cSelf,
    car: cCar,
  };
  const garages = await postOn(request, c.token, 'ReservationInput/parkingGarage/~range', {
    owner: cDraft,
    queryCustomizer: {},
  });
  const cJoined = await postOn(request, c.token, 'UserReservationPanel/joinWaitlist', {
    ...cDraft,
    parkingGarage: garages.find((candidate) => candidate.name === garage.name),
  });
  expect(cJoined.position).toBe(2);
  await c.page.reload();
  const cEntry = c.page.getByTestId('waitlist-entry').filter({ hasText: `Garage: ${garage.name}` });
  await expect(cEntry).toContainText('2nd in line');
  expect(appNow().getTime(), 'both joined while the slot was still taken').toBeLessThan(start.getTime());

  // The release: B's dashboard shows the slot as B's reservation and B no longer waits.
  const bCard = cardsIn(b.page, garage.name);
  await reloadUntilVisible(b.page, bCard, start.getTime() - appNow().getTime() + 150_000);
  await expect(bCard).toContainText(slotName);
  await expect(bCard).toContainText('Quick');
  await expect(bCard.getByTestId('check-in-state')).toHaveText('Check in between 13:00 and 13:00');
  await expect(b.page.getByTestId('waitlist-entry')).toHaveCount(0);

  // A's reservation is over as a no-show: no card, a previous one that says why.
  await a.page.reload();
  await expect(cardsIn(a.page, garage.name)).toHaveCount(0);
  const previous = a.page
    .getByRole('region', { name: 'My Previous Reservations' })
    .getByRole('row')
    .filter({ hasText: `(${garage.name})` });
  await expect(previous).toContainText(tableDay(today));
  await expect(previous).toContainText(`${startTime.slice(0, 5)}–17:00`);
  await expect(previous).toContainText(`No-show · Released: no check-in by ${startTime.slice(0, 5)}`);

  // C still waits, now first.
  await c.page.reload();
  await expect(cEntry).toContainText('1st in line');
  await closeAll([a.context, b.context, c.context]);
});
