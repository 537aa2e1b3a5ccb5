import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatDay,
  formatDayWithWeekday,
  isWorkingDay,
  type LocalDate,
  nextWorkingDay,
  wallClockAt,
  workingCalendar,
} from '@parkhere/contract';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export type DemoLogin = 'admin' | 'user' | 'quick' | 'doorman' | 'stranger';

/** Signs in through the embedded provider's own form, as a person would. */
export async function signIn(page: Page, login: DemoLogin, path = '/'): Promise<void> {
  await page.goto(path);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill(login);
  await page.locator('button[type=submit]').click();
}

/** Signs in and waits until the shell shows the signed-in user. */
export async function signInToShell(page: Page, login: DemoLogin, path = '/'): Promise<void> {
  await signIn(page, login, path);
  await expect(page.getByRole('button', { name: 'Profile', exact: true })).toBeVisible();
}

/** An entity as the API answers it, with the metadata the tests pass back. */
export type Entity = Record<string, unknown> & { __identifier?: string; __signedIdentifier?: string };

/** The signed-in user's access token, from the session the web app keeps (SPEC §9). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < sessionStorage.length; index += 1) {
      const key = sessionStorage.key(index) ?? '';
      if (key.startsWith('oidc.user:') && key.endsWith(':parkhere-web')) {
        return JSON.parse(sessionStorage.getItem(key) ?? '{}').access_token as string | undefined;
      }
    }
    return undefined;
  });
  if (token === undefined) {
    throw new Error('no access token in the session');
  }
  return token;
}

/**
 * Posts to the API as the token's user, on the record `signedIdentifier` names when given (SPEC §9's
 * X-Judo-SignedIdentifier). A refusal answers its text instead of failing the test; an empty answer (an
 * operation without output) answers undefined.
 */
export function apiOf(request: APIRequestContext, token: string) {
  return async (path: string, data?: unknown, signedIdentifier?: string) => {
    const response = await request.post(`/api/services/${path}`, {
      headers: {
        Authorization: `Bearer ${token}`,
        ...(signedIdentifier === undefined ? {} : { 'X-Judo-SignedIdentifier': signedIdentifier }),
      },
      data: data ?? {},
    });
    const text = await response.text();
    return {
      ok: response.ok(),
      status: response.status(),
      body: response.ok() ? (text === '' ? undefined : JSON.parse(text)) : text,
    };
  };
}

/** `apiOf` for a write the test builds on: any answer but 200 fails the test there, naming the path and answer. */
export function acceptedApiOf(request: APIRequestContext, token: string) {
  const post = apiOf(request, token);
  return async (path: string, data?: unknown): Promise<Entity> => {
    const answer = await post(path, data);
    expect(answer.status, `${path}: ${answer.ok ? '' : String(answer.body)}`).toBe(200);
    return answer.body as Entity;
  };
}

/**
 * A NORMAL reservation of the token's user with their first car, made through the API as the form would: on the
 * first of `days` that offers a slot `pick` takes and accepts the booking. Throws with every day's refusal.
 */
export async function reserveOnFirstFreeDay(
  request: APIRequestContext,
  token: string,
  options: {
    days: readonly LocalDate[];
    startTime: string;
    endTime: string;
    pick?: (slots: Entity[]) => Entity | undefined;
  },
): Promise<{ day: LocalDate; reservation: Entity; reservations: Entity[] }> {
  const { days, startTime, endTime, pick = (slots) => slots[0] } = options;
  const post = apiOf(request, token);
  const [self] = (await post('Actor/usersForInput/~list')).body as Entity[];
  const [car] = (await post('ReservationInput/car/~range', { owner: { user: self }, queryCustomizer: {} }))
    .body as Entity[];
  const refusals: string[] = [];
  for (const day of days) {
    const draft = { reservationType: 'NORMAL', date: day, startTime, endTime, user: self, car };
    const range = await post('ReservationInput/parkingSlot/~range', {
      owner: draft,
      queryCustomizer: { _mask: '{aggregaredName}' },
    });
    const slot = range.ok ? pick(range.body as Entity[]) : undefined;
    if (slot === undefined) {
      refusals.push(`${day}: no slot offered`);
      continue;
    }
    const created = await post('UserReservationPanel/reservation', { ...draft, parkingSlot: slot });
    const reservations = created.ok ? (created.body as Entity[]) : [];
    const [reservation] = reservations;
    if (reservation !== undefined) {
      return { day, reservation, reservations };
    }
    refusals.push(`${day}: ${JSON.stringify(created.body)}`);
  }
  throw new Error(`no day to reserve on: ${refusals.join('; ')}`);
}

/** Deletes the user's reservations a test made (as `token`'s user, by default the page's). */
export async function deleteReservations(
  request: APIRequestContext,
  page: Page,
  reservations: readonly Entity[],
  token?: string,
) {
  token ??= await accessTokenOf(page);
  for (const reservation of reservations) {
    if (reservation.__signedIdentifier !== undefined) {
      await request.post('/api/services/UserReservation/deleteReservation', {
        headers: {
          Authorization: `Bearer ${token}`,
          'X-Judo-SignedIdentifier': reservation.__signedIdentifier,
        },
      });
    }
  }
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

/** The app's time now: the instant playwright.config.ts pinned, run on with the real time since. */
export function appNow(): Date {
  const pinned = Date.parse(process.env.E2E_CLOCK ?? '');
  const since = Date.parse(process.env.E2E_CLOCK_SINCE ?? '');
  if (Number.isNaN(pinned) || Number.isNaN(since)) {
    throw new Error('E2E_CLOCK and E2E_CLOCK_SINCE come from playwright.config.ts');
  }
  return new Date(pinned + Date.now() - since);
}

/** A day as cards write it in the specs' language (`Mon, 23 Nov 2026`), by the app's own date format. */
export const cardDay = (day: LocalDate): string => formatDayWithWeekday(day, 'en-US');
/** A day as tables write it in the specs' language (`23 Nov 2026`). */
export const tableDay = (day: LocalDate): string => formatDay(day, 'en-US');

/** Today on the app's clock, in the app's time zone. */
export const appToday = (): LocalDate => wallClockAt(appNow(), DEFAULT_TIME_ZONE).date;

/** The working day `skip` working days after the next one (Hungarian calendar, without additional days). */
export const workingDayAfterToday = (skip = 0): LocalDate => {
  const calendar = workingCalendar();
  let day = nextWorkingDay(appToday(), calendar) ?? addDays(appToday(), 1);
  for (let index = 0; index < skip; index += 1) {
    day = nextWorkingDay(day, calendar) ?? addDays(day, 1);
  }
  return day;
};

/** `count` working days (Hungarian public holidays and weekends off) from `skip` days after the app's today. */
export function workingDaysFrom(skip: number, count: number): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = addDays(appToday(), skip); days.length < count; day = addDays(day, 1)) {
    if (isWorkingDay(day)) {
      days.push(day);
    }
  }
  return days;
}

/** Gives a browser context the server's clock; the default context of every test has it already. */
export async function pinClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: appNow() });
}

/**
 * The specs read the interface in English, as a user who chose it would: the app's default is Hungarian
 * (SPEC §1). Only a page without a stored choice gets it, so a switch to Hungarian survives a reload.
 */
export async function chooseEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (window.localStorage.getItem('ParkHere-config') === null) {
      window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: 'en-US' }));
    }
  });
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await pinClock(context);
    await chooseEnglish(context);
    await use(context);
  },
});
export { expect };

/** The reservation form of the page, in either language. */
export const reservationForm = (page: Page) =>
  page.locator('form', { has: page.getByRole('heading', { name: /New reservation|Új foglalás/ }) });

/** Types a date (en-US MM/DD/YYYY) into a picker field, section by section from its first one. */
export async function typeDate(field: Locator, date: LocalDate): Promise<void> {
  const [year, month, day] = date.split('-');
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(`${month}${day}${year}`);
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

/** Waits until the service worker is active, then reloads so that it controls the page. */
export async function controlledBy(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
