import { DEFAULT_TIME_ZONE, formatDayWithWeekday } from '@parkhere/contract';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { acceptedApiOf, accessTokenOf } from './api.ts';
import { type Locale, openAs, settled, textsOf, violationsOf } from './axe.ts';
import { appToday } from './clock.ts';
import { chooseType, pickerGroup, reservationForm, typeTime } from './controls.ts';
import { cutOffNow, drawingGarage } from './drawing.ts';
import { chooseEnglish, expect, pinClock, signInToShell, test } from './fixtures.ts';

/*
 * [Fair share 2] The fair draw as a user lives it, on the pinned app clock (a working morning around 08:00 in
 * Budapest), in Hungarian and English, on a desktop and a 360 px phone: the user requests today's slot in a
 * garage that draws, sees the request pending, withdraws it, requests again; an administrator moves the
 * garage's cut-off to now (the draw job runs each minute of the server's clock), and the user sees the
 * request won with its slot; the page "How the draw works" opens from the list and meets WCAG 2.1 AA.
 *
 * A user has one pending request a day and every variant requests today, so they run one after the other,
 * each in a garage of its own and at a time of its own, late in the evening where no other spec books the user.
 */
test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: DEFAULT_TIME_ZONE });

const VARIANTS = [
  { name: 'en desktop', locale: 'en-US', width: 1280, start: '21:00', end: '21:30' },
  { name: 'hu desktop', locale: 'hu-HU', width: 1280, start: '21:30', end: '22:00' },
  { name: 'en phone', locale: 'en-US', width: 360, start: '22:00', end: '22:30' },
  { name: 'hu phone', locale: 'hu-HU', width: 360, start: '22:30', end: '23:00' },
] as const satisfies readonly { name: string; locale: Locale; width: number; start: string; end: string }[];

/** The administrator, signed in in a browser of their own. */
async function administrator(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: DEFAULT_TIME_ZONE });
  await pinClock(context);
  await chooseEnglish(context);
  const page = await context.newPage();
  await signInToShell(page, 'admin');
  return { post: acceptedApiOf(request, await accessTokenOf(page)), close: () => context.close() };
}

/** Fills the dashboard's form for today's times in the garage's slot, and requests it in the draw. */
async function requestInTheDraw(
  page: Page,
  t: (key: string) => string,
  variant: (typeof VARIANTS)[number],
  garage: string,
) {
  const form = reservationForm(page);
  // NORMAL requests are what the draw is for (the demo user's form may start on another type).
  await chooseType(page, t('application:enumeration.ReservationType.NORMAL'));
  await typeTime(pickerGroup(page, t('application:reservationForm.startTime')), variant.start);
  await typeTime(pickerGroup(page, t('application:reservationForm.endTime')), variant.end);
  const slot = form.getByRole('combobox', { name: t('application:reservationForm.parkingSlot') });
  await slot.click();
  await slot.fill(garage);
  await page.getByRole('option', { name: new RegExp(garage) }).click();
  await expect(form.getByTestId('draw-day')).toContainText(garage);
  await form.getByRole('button', { name: t('application:reservationForm.draw.submit'), exact: true }).click();
}

/** The user's requests of the variant's times in the My draw requests section. */
const requestsOf = (page: Page, t: (key: string) => string, variant: (typeof VARIANTS)[number]): Locator =>
  page
    .getByRole('region', { name: t('application:reservationPanel.draw.title') })
    .getByTestId('draw-request')
    .filter({ hasText: `${variant.start}–${variant.end}` });

/** Deletes the user's active reservation that starts at `start` today, if the draw made one. */
async function giveBack(request: APIRequestContext, page: Page, start: string): Promise<void> {
  const post = acceptedApiOf(request, await accessTokenOf(page));
  const panel = await post('Actor/userReservationPanel/~get');
  const active = await post('UserReservationPanel/activeReservations/~list', {}, panel.__signedIdentifier);
  for (const reservation of active.filter(
    (candidate) => candidate.date === appToday() && String(candidate.startTime).startsWith(start),
  )) {
    await post('UserReservation/deleteReservation', {}, reservation.__signedIdentifier);
  }
}

for (const variant of VARIANTS) {
  test(`a user requests a day in the draw, withdraws, requests again and sees the result (${variant.name})`, async ({
    browser,
    page,
    request,
  }) => {
    // Two sign-ins, a form filled twice and a draw that runs at the next minute of the server's clock.
    test.setTimeout(240_000);
    const t = textsOf(variant.locale);
    const status = (value: string) => t(`application:enumeration.DrawStatus.${value}`);
    const admin = await administrator(browser, request);
    // A garage that draws today until late tonight (no working day before: the cut-off is on the day).
    const name = `Zdraw ${variant.name} ${Date.now() % 1_000_000}`;
    const garage = await drawingGarage(admin.post, name, 0);
    let stored = garage;
    try {
      await openAs(page, 'user', { width: variant.width, mode: 'light', locale: variant.locale });
      await requestInTheDraw(page, t, variant, name);
      const requests = requestsOf(page, t, variant);
      const pending = requests.filter({ hasText: status('PENDING') });
      await expect(pending).toHaveCount(1);
      // Focus went to the new request's line (issue 31), as it goes to the new card after Reserve.
      await expect(pending).toBeFocused();
      await expect(pending).toContainText(formatDayWithWeekday(appToday(), variant.locale));
      await expect(pending).toContainText(name);
      await expect(pending.getByTestId('draw-outcome')).toContainText('23:59');

      await pending.getByRole('button').click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('system:action.yes') })
        .click();
      await expect(requests.filter({ hasText: status('WITHDRAWN') })).toHaveCount(1);
      await expect(pending).toHaveCount(0);

      await page.reload();
      await requestInTheDraw(page, t, variant, name);
      await expect(pending).toHaveCount(1);

      // The cut-off comes: Withdraw goes, and the draw runs at the next minute of the server's clock.
      stored = await cutOffNow(admin.post, garage);
      const won = requests.filter({ hasText: status('WON') });
      await expect(async () => {
        await page.reload();
        await expect(won).toHaveCount(1, { timeout: 5_000 });
      }).toPass({ timeout: 150_000, intervals: [5_000] });
      await expect(won.getByTestId('draw-outcome')).toContainText(`Z-1`);
      await expect(won.getByTestId('draw-outcome')).toContainText(name);
      await expect(won.getByRole('button')).toHaveCount(0);

      // How the draw works, from the list: this garage's cut-off as it stands now, and WCAG 2.1 AA.
      await page
        .getByRole('region', { name: t('application:reservationPanel.draw.title') })
        .getByRole('link', { name: t('application:reservationPanel.draw.guide') })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('application:page.drawGuide'));
      await expect(page.getByTestId('draw-garage').filter({ hasText: name })).toHaveCount(1);
      await settled(page);
      expect(await violationsOf(page, `How the draw works (${variant.name})`)).toBe('');
    } finally {
      // The won reservation goes again (the next variant's request counts toward the same quota), and so does
      // the garage: its later days stay in its draw, which no other spec's booking expects of a slot it picks.
      await giveBack(request, page, variant.start);
      await admin.post(
        'ParkingGarageSettings/~update',
        { ...stored, isActive: false, drawEnabled: false },
        stored.__signedIdentifier,
      );
      await admin.close();
    }
  });
}
