import AxeBuilder from '@axe-core/playwright';
import { formatDayWithWeekday } from '@parkhere/contract';
import { accessTokenOf, deleteReservations, reserveOnFirstFreeDay } from './api.ts';
import { DESKTOP_AND_PHONE, describe, openAs, textsOf, type Variant, WCAG_TAGS } from './axe.ts';
import { appToday } from './clock.ts';
import { pickerGroup, pickerText, reservationForm } from './controls.ts';
import { expect, test } from './fixtures.ts';

/*
 * The dashboard's week view (issue 32, item 1) in English and Hungarian on a desktop (two weeks) and a 360 px
 * phone (one week): the demo user's booking of today shows on today's day, whose button is named by the whole
 * day; a tap puts the day in the reservation form (as NORMAL) and moves the focus to the form. axe judges the
 * view. One test at a time: each books the same evening hour of the demo user's today and deletes it after.
 */
test.describe.configure({ mode: 'serial' });
test.slow();

DESKTOP_AND_PHONE.forEach((variant) => {
  test(`the week view shows today's booking and fills the form with the day (${variant.name})`, async ({
    page,
    request,
  }) => {
    const t = textsOf(variant.locale);
    const look: Variant = { width: variant.width, mode: 'light', locale: variant.locale };
    await openAs(page, 'user', look);
    const today = appToday();
    const { reservations } = await reserveOnFirstFreeDay(request, await accessTokenOf(page), {
      days: [today],
      startTime: '19:30:00',
      endTime: '20:00:00',
    });
    try {
      await page.reload();
      const view = page.getByRole('region', { name: t('application:availability.title') });
      await expect(view.getByTestId('availability-day')).toHaveCount(variant.width >= 1200 ? 14 : 7);
      // "Booked: <the slot>, 19:30–20:00" in the day's name and on it.
      const booked = new RegExp(
        literal(t('application:availability.reservation'))
          .replace('\\{\\{slot\\}\\}', '.+')
          .replace('\\{\\{start\\}\\}', '19:30')
          .replace('\\{\\{end\\}\\}', '20:00'),
      );
      const day = view.getByRole('button', {
        name: new RegExp(`^${literal(formatDayWithWeekday(today, variant.locale))}`),
      });
      await expect(day).toHaveAccessibleName(booked);
      await expect(day).toContainText(booked);

      const axe = await new AxeBuilder({ page })
        .include('[data-testid=availability]')
        .withTags(WCAG_TAGS)
        .analyze();
      expect(describe(axe.violations)).toBe('');

      await day.click();
      await expect(
        view.getByRole('status').filter({
          hasText: t('application:availability.picked').replace(
            '{{day}}',
            formatDayWithWeekday(today, variant.locale),
          ),
        }),
      ).toHaveCount(1);
      await expect(reservationForm(page).getByRole('heading', { level: 2 }).first()).toBeFocused();
      const [year, month, date] = today.split('-');
      const dateField = pickerGroup(page, t('application:reservationForm.date'));
      await expect
        .poll(async () => (await pickerText(dateField).textContent())?.replace(/\D/g, ''))
        .toBe(variant.locale === 'en-US' ? `${month}${date}${year}` : `${year}${month}${date}`);
    } finally {
      await deleteReservations(request, page, reservations);
    }
  });
});

/** `text` as a literal part of a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a reservation card stays where it first shows while the rest of the dashboard loads', async ({
  page,
  request,
}) => {
  await openAs(page, 'user', { width: 1280, mode: 'light', locale: 'en-US' });
  const { reservations } = await reserveOnFirstFreeDay(request, await accessTokenOf(page), {
    days: [appToday()],
    startTime: '19:30:00',
    endTime: '20:00:00',
  });
  try {
    // Every shift of something a card is, holds or sits in, from the page's start on.
    await page.addInitScript(() => {
      const moved: string[] = [];
      (window as unknown as { cardShifts: string[] }).cardShifts = moved;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          startTime: number;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        }[]) {
          for (const source of entry.sources) {
            const node = source.node;
            if (
              node instanceof Element &&
              (node.closest('[data-testid=reservation-card]') !== null ||
                node.querySelector('[data-testid=reservation-card]') !== null)
            ) {
              moved.push(
                `${Math.round(entry.startTime)} ms: <${node.tagName.toLowerCase()} class="${node.className}"> ` +
                  `from y=${source.previousRect.y} to y=${source.currentRect.y}`,
              );
            }
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await expect(page.getByTestId('reservation-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cardShifts: string[] }).cardShifts)).toEqual([]);
  } finally {
    await deleteReservations(request, page, reservations);
  }
});
