import { addDays, compareDates, formatDayWithWeekday, type LocalDate } from '@parkhere/contract';
import type { Browser, Locator, Page } from '@playwright/test';
import { accessTokenOf, apiOf, deleteReservations, type Entity } from './api.ts';
import { animationsEnded, openAs, settled, textsOf, violationsOf } from './axe.ts';
import { workingDaysFrom } from './clock.ts';
import { pickerGroup, pickerText, reservationForm, typeTime } from './controls.ts';
import { expect, pinClock, test } from './fixtures.ts';

/*
 * The floor plans (issue 32, item 1) in English and Hungarian, on a 1440 px desktop and a 390 px phone: the
 * administrator places a slot on its plan on the slot's page (a click, the arrow keys, the number fields; Remove
 * from plan clears both), one user opens a day's plan from the week view (its code loaded only then), sees the
 * slot free, chooses it, the form shows the day, the hours and the slot, and Reserve books it; the other user
 * then sees it taken. axe judges the slot's page and the day view. The demo data gives HQ Garage its plans.
 * Each variant has a slot of its own and hours no other spec books (04:00-06:00) on one day, two
 * working days on; what it books it deletes.
 */

type Language = 'en-US' | 'hu-HU';
const VARIANTS = [
  { name: 'en desktop', locale: 'en-US', width: 1440, slot: 'A-116', hours: ['04:00', '04:30'] },
  { name: 'en phone', locale: 'en-US', width: 390, slot: 'A-117', hours: ['04:30', '05:00'] },
  { name: 'hu desktop', locale: 'hu-HU', width: 1440, slot: 'A-118', hours: ['05:00', '05:30'] },
  { name: 'hu phone', locale: 'hu-HU', width: 390, slot: 'A-119', hours: ['05:30', '06:00'] },
] as const satisfies readonly {
  name: string;
  locale: Language;
  width: number;
  slot: string;
  hours: readonly string[];
}[];

/** The day every variant books on: two working days on, within the demo user's horizon. */
const DAY = workingDaysFrom(2, 1)[0] as LocalDate;

/** A signed-in page of its own for `login` (the test's own page is the administrator's). */
async function pageOf(browser: Browser, login: 'user' | 'admin', variant: (typeof VARIANTS)[number]) {
  const context = await browser.newContext({ locale: variant.locale });
  await pinClock(context);
  const page = await context.newPage();
  await openAs(page, login, { width: variant.width, mode: 'light', locale: variant.locale });
  return page;
}

/** Opens the day view of DAY with the variant's hours from the dashboard's week view. */
async function openDayPlan(page: Page, variant: (typeof VARIANTS)[number]): Promise<Locator> {
  const t = textsOf(variant.locale);
  const week = page.getByRole('region', { name: t('application:availability.title') });
  const plan = week
    .getByRole('button', { name: new RegExp(`^${t('application:dayPlan.button')}: `) })
    .first();
  await expect(plan).toBeVisible();
  const first = String(await plan.getAttribute('data-date'));
  await plan.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The week view's first day from today on, then on to DAY.
  expect(compareDates(first, DAY)).toBeLessThanOrEqual(0);
  const shown = dialog.getByTestId('day-plan');
  for (let day = first; compareDates(day, DAY) < 0; day = addDays(day, 1)) {
    await expect(shown).toHaveAttribute('data-date', day);
    await expect(shown).toHaveAttribute('aria-busy', 'false');
    await dialog.getByRole('button', { name: t('application:dayPlan.nextDay') }).click();
  }
  await expect(shown).toHaveAttribute('data-date', DAY);
  await expect(dialog.getByRole('heading', { level: 2 })).toContainText(
    formatDayWithWeekday(DAY, variant.locale),
  );
  const [start, end] = variant.hours;
  await typeTime(dialog.getByRole('group', { name: t('application:dayPlan.startTime') }), start);
  await typeTime(dialog.getByRole('group', { name: t('application:dayPlan.endTime') }), end);
  await expect(shown).toHaveAttribute('data-hours', `${start}:00-${end}:00`);
  await expect(shown).toHaveAttribute('aria-busy', 'false');
  return dialog;
}

/** The booker's reservations of DAY at the variant's hours: what the test made, to delete. */
async function madeReservations(page: Page, start: string): Promise<Entity[]> {
  const post = apiOf(page.request, await accessTokenOf(page));
  const active = (await post('UserReservationPanel/activeReservations/~list', {})).body;
  return (Array.isArray(active) ? (active as Entity[]) : []).filter(
    (row) => row.date === DAY && String(row.startTime).startsWith(start),
  );
}

test.slow();
// A step that cannot act says which, instead of running out the test's whole budget.
test.use({ actionTimeout: 30_000 });

for (const variant of VARIANTS) {
  test(`an administrator places a slot, one user books it on the plan, the other sees it taken (${variant.name})`, async ({
    page,
    browser,
  }) => {
    const t = textsOf(variant.locale);
    const slotText = (status: 'free' | 'taken') =>
      t('application:dayPlan.slot')
        .replace('{{slot}}', variant.slot)
        .replace('{{status}}', t(`application:dayPlan.status.${status}`));

    // The administrator's slot page: the slot's plan, placed with a click, the arrow keys and a number field.
    await openAs(page, 'admin', { width: variant.width, mode: 'light', locale: variant.locale });
    const post = apiOf(page.request, await accessTokenOf(page));
    const [slot] = (
      await post('Actor/parkingSlots/~list', { name: [{ operator: 'equal', value: variant.slot }] })
    ).body as Entity[];
    await page.goto(
      `/Services/Actor/ParkingSlots/AccessViewPage/${encodeURIComponent(String(slot?.__signedIdentifier))}`,
    );
    const across = page.getByRole('spinbutton', { name: t('application:attribute.planX') });
    const down = page.getByRole('spinbutton', { name: t('application:attribute.planY') });
    const picture = page.getByRole('group', {
      name: t('application:planPlacement.picture').replace('{{slot}}', variant.slot),
    });
    await expect(picture).toBeVisible();
    await expect(across).not.toHaveValue('');
    // Where the slot ends up: on its own bay (clear of its neighbours' markers), a step from where it stood, as Save
    // saves a change only.
    const bay = { x: await across.inputValue(), y: Number(await down.inputValue()) };
    const target = { x: bay.x, y: String(bay.y === 77 ? 78 : 77) };

    await page.getByRole('button', { name: t('application:planPlacement.remove') }).click();
    await expect(across).toHaveValue('');
    await expect(down).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: variant.slot })).toHaveText(
      t('application:planPlacement.notPlaced').replace('{{slot}}', variant.slot),
    );

    const box = await picture.boundingBox();
    if (box === null) {
      throw new Error('the plan is not drawn');
    }
    await picture.click({ position: { x: box.width * 0.3, y: box.height * 0.6 } });
    const clicked = { x: Number(await across.inputValue()), y: Number(await down.inputValue()) };
    expect(Math.abs(clicked.x - 30)).toBeLessThanOrEqual(1);
    expect(Math.abs(clicked.y - 60)).toBeLessThanOrEqual(1);
    // The keyboard: Shift moves ten, an arrow one.
    await picture.focus();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await expect(down).toHaveValue(String(clicked.y + 9));
    await expect(across).toHaveValue(String(clicked.x - 1));
    // And the fields.
    await across.fill(target.x);
    await down.fill(target.y);
    await expect(page.getByRole('status').filter({ hasText: variant.slot })).toHaveText(
      t('application:planPlacement.placed')
        .replace('{{slot}}', variant.slot)
        .replace('{{x}}', target.x)
        .replace('{{y}}', target.y),
    );
    await settled(page);
    expect(await violationsOf(page, 'the slot page')).toBe('');
    await page.getByRole('button', { name: t('application:dataTable.save') }).click();
    await expect(page.getByText(t('application:dataTable.saved'))).toBeVisible();
    const saved = (
      await post('Actor/parkingSlots/~list', {
        name: [{ operator: 'equal', value: variant.slot }],
        _mask: '{planX,planY}',
      })
    ).body as Entity[];
    expect(saved[0]).toMatchObject({ planX: Number(target.x), planY: Number(target.y) });

    // One user books it on the plan: English the demo user, Hungarian the administrator; the other looks.
    const other = await pageOf(browser, 'user', variant);
    const [booker, looker] = variant.locale === 'en-US' ? [other, page] : [page, other];
    try {
      const chunks: string[] = [];
      booker.on('request', (request) => {
        if (request.url().includes('DayPlanDialog')) {
          chunks.push(request.url());
        }
      });
      await booker.goto('/');
      const week = booker.getByRole('region', { name: t('application:availability.title') });
      await expect(week.getByTestId('availability-plan').first()).toBeVisible();
      // The day view's code is not the dashboard's: nothing of it loaded until a Plan is pressed.
      expect(chunks).toEqual([]);
      const dialog = await openDayPlan(booker, variant);
      expect(chunks.length).toBeGreaterThan(0);
      const picture = dialog.getByTestId('day-plan-picture');
      const free = picture.getByRole('button', { name: slotText('free'), exact: true });
      await expect(free).toBeVisible();
      // The list says the same, a free slot a button there too (other specs' garages may be listed first).
      await expect(
        dialog
          .getByTestId('day-plan-list')
          .filter({ hasText: variant.slot })
          .getByRole('button', { name: slotText('free'), exact: true }),
      ).toBeVisible();
      await animationsEnded(booker);
      expect(await violationsOf(booker, 'the day view', '.MuiDialog-paper')).toBe('');

      await free.click();
      await expect(dialog).toBeHidden();
      const form = reservationForm(booker);
      await expect(form.getByRole('heading', { level: 2 }).first()).toBeFocused();
      const [year, month, date] = DAY.split('-');
      await expect
        .poll(async () =>
          (
            await pickerText(pickerGroup(booker, t('application:reservationForm.date'))).textContent()
          )?.replace(/\D/g, ''),
        )
        .toBe(variant.locale === 'en-US' ? `${month}${date}${year}` : `${year}${month}${date}`);
      const [start, end] = variant.hours;
      await expect(pickerText(pickerGroup(booker, t('application:reservationForm.startTime')))).toHaveText(
        start,
      );
      await expect(pickerText(pickerGroup(booker, t('application:reservationForm.endTime')))).toHaveText(end);
      await expect(
        form.getByRole('combobox', { name: t('application:reservationForm.parkingSlot') }),
      ).toHaveValue(`${variant.slot} / -1 (HQ Garage)`);
      const created = booker.waitForResponse(
        (response) => response.url().includes('/UserReservationPanel/reservation'),
        { timeout: 30_000 },
      );
      await form.getByRole('button', { name: t('application:reservationForm.submit') }).click();
      expect((await created).status()).toBe(200);

      // The other user sees it taken: shown, named, not a button.
      await looker.goto('/');
      const seen = await openDayPlan(looker, variant);
      const taken = seen.getByTestId('day-plan-picture').getByRole('img', { name: slotText('taken') });
      await expect(taken).toBeVisible();
      await expect(seen.getByRole('button', { name: new RegExp(`^${slotText('free')}`) })).toHaveCount(0);
      await expect(seen.getByTestId('day-plan-list').filter({ hasText: variant.slot })).toContainText(
        slotText('taken'),
      );
    } catch (error) {
      await booker.screenshot({ path: test.info().outputPath('booker.png'), fullPage: true });
      await looker.screenshot({ path: test.info().outputPath('looker.png'), fullPage: true });
      throw error;
    } finally {
      await deleteReservations(booker.request, booker, await madeReservations(booker, variant.hours[0]));
      await other.context().close();
    }
  });
}
