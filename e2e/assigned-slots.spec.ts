import { formatDayWithWeekday, type LocalDate } from '@parkhere/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  acceptedApiOf,
  accessTokenOf,
  deleteReservations,
  type Entity,
  reserveOnFirstFreeDay,
} from './api.ts';
import {
  DESKTOP_AND_PHONE,
  type Locale,
  openAs,
  settled,
  textsOf,
  type Variant,
  violationsOf,
} from './axe.ts';
import { filterTable } from './controls.ts';
import { chooseEnglish, expect, pinClock, signInToShell, test } from './fixtures.ts';

/*
 * [Pools] Assigned slots in the browser (issue 29, item 4), in English and Hungarian on a desktop and a 360 px
 * phone. Each test has a slot of its own in the doorman's garage, assigned to the quick user by an
 * administrator. The demo user is not offered it on a day of its owner's; the owner says "Not coming" on that
 * day on their dashboard, the demo user books the slot that day, and the owner's dashboard says the day is
 * booked, with nothing to take back. The doorman's Arrivals lists the owner today, when they come without a
 * booking. One test at a time: every test's slot is the quick user's, and their dashboard lists them all.
 */
test.describe.configure({ mode: 'serial' });
test.slow();

const ARRIVALS = '/Services/Actor/DoormanArrivals/AccessViewPage';
const SLOTS = '/Services/Actor/ParkingSlots/AccessTablePage';
const OWNER = {
  login: 'quick',
  email: 'quick@parkhere.example',
  name: 'Quentin Quick',
  plate: 'QCK-001',
} as const;

const VARIANTS = DESKTOP_AND_PHONE;

/** The API as `login`, signed in once in a browser of their own. */
async function apiAs(browser: Browser, request: APIRequestContext, login: 'admin' | 'user') {
  const context = await browser.newContext({ locale: 'en-US' });
  await pinClock(context);
  await chooseEnglish(context);
  const page = await context.newPage();
  await signInToShell(page, login);
  const token = await accessTokenOf(page);
  return { post: acceptedApiOf(request, token), token, close: () => context.close() };
}

let admin: Awaited<ReturnType<typeof apiAs>>;
let user: Awaited<ReturnType<typeof apiAs>>;
let request: APIRequestContext;
let garage: Entity | undefined;

test.beforeAll(async ({ browser, playwright }) => {
  request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  admin = await apiAs(browser, request, 'admin');
  user = await apiAs(browser, request, 'user');
  [garage] = (await admin.post('Actor/parkingGarages/~list', {
    name: [{ operator: 'equal', value: 'HQ Garage' }],
  })) as Entity[];
});

test.afterAll(async () => {
  await admin?.close();
  await user?.close();
  await request?.dispose();
});

/** A new slot of the doorman's garage, assigned to the owner by the administrator. */
async function assignedSlot(name: string): Promise<Entity> {
  await admin.post('Actor/~update/parkingSlots/~create', { name, floor: 1, parkingGarage: garage });
  const [slot] = await admin.post('Actor/parkingSlots/~list', { name: [{ operator: 'equal', value: name }] });
  const [owner] = await admin.post('ParkingSlotSettings/assignedTo/~range', {
    owner: slot,
    queryCustomizer: { email: [{ operator: 'equal', value: OWNER.email }] },
  });
  await admin.post('ParkingSlotSettings/~update/assignedTo/~set', owner, slot?.__signedIdentifier);
  return slot as Entity;
}

/** The demo user's NORMAL booking of the slot on `day`, as the form makes it: refused when it is not offered. */
const bookSlot = (slotName: string, day: LocalDate) =>
  reserveOnFirstFreeDay(request, user.token, {
    days: [day],
    startTime: '19:00:00',
    endTime: '19:30:00',
    pick: (slots) => slots.find((slot) => String(slot.aggregaredName).startsWith(`${slotName} `)),
  });

/** The owner's row of `day` on their dashboard. */
const dayRow = (page: Page, slotName: string, day: LocalDate, locale: Locale) =>
  page
    .getByTestId('assigned-slot-day')
    .filter({ hasText: formatDayWithWeekday(day, locale) })
    .filter({ hasText: slotName });

VARIANTS.forEach((variant, index) => {
  test(`the owner gives a day back, a colleague books it, the doorman expects the owner today (${variant.name})`, async ({
    browser,
    page,
  }) => {
    const t = textsOf(variant.locale);
    const look: Variant = { width: variant.width, mode: 'light', locale: variant.locale };
    const slotName = `AS-${Date.now() % 1_000_000}-${index}`;
    const slot = await assignedSlot(slotName);
    let booked: Entity[] = [];
    const doorman = await browser.newContext({ locale: variant.locale });
    try {
      // The owner's dashboard: a section of their slot, a row a working day, today's first.
      await openAs(page, OWNER.login, look);
      const section = page.getByRole('region', { name: t('application:assignedSlot.title') });
      await expect(section.getByTestId('assigned-slot-day').first()).toContainText(slotName);
      // A day ahead of theirs (one per test: the demo user books one a day), not offered to the demo user.
      const asOwner = acceptedApiOf(request, await accessTokenOf(page));
      const { days } = (await asOwner('UserReservationPanel/assignedSlotDays')) as { days?: Entity[] };
      const day = days?.[index + 1]?.date as LocalDate;
      await expect(bookSlot(slotName, day)).rejects.toThrow(`${day}: no slot offered`);

      const row = dayRow(page, slotName, day, variant.locale);
      await expect(row).toContainText(t('application:enumeration.AssignedDayState.EXPECTED'));
      const when = formatDayWithWeekday(day, variant.locale);
      await row
        .getByRole('button', { name: t('application:assignedSlot.releaseLabel').replace('{{date}}', when) })
        .click();
      await expect(
        page.getByText(t('application:assignedSlot.releaseDone').replace('{{date}}', when)),
      ).toBeVisible();
      await expect(row).toContainText(t('application:enumeration.AssignedDayState.GIVEN_BACK'));
      await expect(row.getByRole('button', { name: t('application:assignedSlot.takeBack') })).toBeVisible();

      // Given back, the slot is the demo user's to book that day; the owner can no longer take the day back.
      booked = (await bookSlot(slotName, day)).reservations;
      await page.reload();
      await expect(row).toContainText(t('application:enumeration.AssignedDayState.BOOKED'));
      await expect(row.getByRole('button')).toHaveCount(0);

      // Today is the owner's: the doorman's Arrivals expects them, without a booking.
      await pinClock(doorman);
      const arrivals = await doorman.newPage();
      await openAs(arrivals, 'doorman', look);
      await arrivals.goto(ARRIVALS);
      const expected = arrivals.locator('[data-check-in="assigned"]').filter({ hasText: slotName });
      await expect(expected).toContainText(OWNER.name);
      await expect(expected).toContainText(OWNER.plate);
      await expect(expected).toContainText(t('application:adminViews.arrivals.assignedSlot'));
      await expect(expected).toContainText(t('application:adminViews.arrivals.noBooking'));
    } finally {
      await deleteReservations(request, page, booked, user.token);
      await admin.post('ParkingSlotSettings/~update/assignedTo/~unset', undefined, slot.__signedIdentifier);
      // Out of the way of other specs: the slot as it is now (its version moved), made inactive.
      const [now] = await admin.post('Actor/parkingSlots/~list', {
        name: [{ operator: 'equal', value: slotName }],
      });
      await admin.post('ParkingSlotSettings/~update', { ...now, isActive: false }, now?.__signedIdentifier);
      await doorman.close();
    }
  });
});

test('an administrator assigns a slot in the slots table, searching the owner by email; the owner’s dashboard shows it', async ({
  browser,
  page,
}) => {
  const slotName = `AT-${Date.now() % 1_000_000}`;
  await admin.post('Actor/~update/parkingSlots/~create', { name: slotName, floor: 1, parkingGarage: garage });
  const ranges: string[] = [];
  const owner = await browser.newContext({ locale: 'en-US' });
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInToShell(page, 'admin', SLOTS);
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible({ timeout: 30_000 });
    await filterTable(page, slotName);
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: slotName });
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
    page.on('request', (sent) => {
      if (sent.url().includes('/assignedTo/~range')) {
        ranges.push(sent.postData() ?? '');
      }
    });
    await row.getByLabel('Edit', { exact: true }).click();
    const editing = page.locator('.MuiDataGrid-row--editing');
    const picker = editing.getByRole('combobox', { name: 'Assigned to' });
    await picker.click();
    const searched = page.waitForRequest(
      (sent) => sent.url().includes('/assignedTo/~range') && (sent.postData() ?? '').includes('%quick@%'),
    );
    await picker.fill('quick@');
    await searched;
    // The server answers the typed text: the owner is offered, found by the email's part typed.
    await page.getByRole('option', { name: OWNER.email }).click();
    await editing.getByLabel('Save', { exact: true }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    await expect(row.locator('[data-field="assignedTo"]')).toHaveText(OWNER.email);
    // The notice is readable while it shows (it was white on #43a047, 3.3:1).
    expect(await violationsOf(page, 'saved notice', '.notistack-SnackbarContainer')).toBe('');
    // axe reads the table, after the notice has gone.
    await expect(page.getByText('Saved.')).toHaveCount(0, { timeout: 30_000 });
    expect(await violationsOf(page, 'slots table, owner assigned')).toBe('');
    // Searched on the server, a page at a time: no request loaded every user.
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((body) => /"_seek":\{"limit":\d+\}/.test(body))).toBe(true);

    // The owner's dashboard has the slot, each working day theirs.
    await pinClock(owner);
    const ownerPage = await owner.newPage();
    await openAs(ownerPage, OWNER.login, { width: 1280, mode: 'light', locale: 'en-US' });
    const section = ownerPage.getByRole('region', {
      name: textsOf('en-US')('application:assignedSlot.title'),
    });
    await expect(
      section.getByTestId('assigned-slot-day').filter({ hasText: slotName }).first(),
    ).toBeVisible();
    await settled(ownerPage);
    expect(await violationsOf(ownerPage, 'owner’s dashboard')).toBe('');
  } finally {
    const [slot] = await admin.post('Actor/parkingSlots/~list', {
      name: [{ operator: 'equal', value: slotName }],
    });
    if (slot !== undefined) {
      await admin.post('ParkingSlotSettings/~update/assignedTo/~unset', undefined, slot.__signedIdentifier);
      const [now] = await admin.post('Actor/parkingSlots/~list', {
        name: [{ operator: 'equal', value: slotName }],
      });
      await admin.post('ParkingSlotSettings/~update', { ...now, isActive: false }, now?.__signedIdentifier);
    }
    await owner.close();
  }
});
