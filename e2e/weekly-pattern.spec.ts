import AxeBuilder from '@axe-core/playwright';
import {
  addDays,
  formatDayWithWeekday,
  isWorkingDay,
  type LocalDate,
  WEEKDAY_CODES,
} from '@parkhere/contract';
import type { Browser } from '@playwright/test';
import { acceptedApiOf, accessTokenOf, apiOf, type Entity, reserveOnFirstFreeDay } from './api.ts';
import { DESKTOP_AND_PHONE, describe, openAs, textsOf, WCAG_TAGS } from './axe.ts';
import { workingDayAfterToday } from './clock.ts';
import { chooseType, pickerGroup, reservationForm, typeDate, typeTime } from './controls.ts';
import { chooseEnglish, expect, pinClock, signInToShell, test } from './fixtures.ts';

/*
 * A weekly pattern booked in the form (issue 32, item 2) in English and Hungarian on a desktop and a 360 px
 * phone: a NORMAL booking of a day, "Repeat weekly" on that day's weekday until the horizon books
 * the day and skips the same weekday a week later, where the user already holds a reservation at those hours,
 * naming the day and why. axe judges the form with the answer. One test at a time: each books the same late
 * evening hour of the demo user's and deletes what it booked. The other specs' bookings of the demo user count
 * toward its NORMAL quota, whose refusal comes before the overlap's: a group of this test alone lifts the user's
 * quota while it runs (a member gets the most generous quota of their groups), so the skip is the overlap's.
 */
test.describe.configure({ mode: 'serial' });
test.slow();

const START = '21:00';
const END = '21:30';

/** A working day in the first week whose weekday a week later is a working day too (the skipped one). */
function patternDays(): { first: LocalDate; skipped: LocalDate } {
  for (let skip = 0; skip < 5; skip += 1) {
    const first = workingDayAfterToday(skip);
    if (isWorkingDay(addDays(first, 7))) {
      return { first, skipped: addDays(first, 7) };
    }
  }
  throw new Error('no working day whose next week is a working day too');
}

/** The weekday code (MO…SU) of a day. */
const weekdayOf = (day: LocalDate): string =>
  WEEKDAY_CODES[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7] as string;

/** Puts the demo user in a group of this test whose NORMAL quota is the highest allowed; answers its removal. */
async function liftUserQuota(browser: Browser): Promise<() => Promise<void>> {
  const context = await browser.newContext();
  await pinClock(context);
  await chooseEnglish(context);
  const page = await context.newPage();
  await signInToShell(page, 'admin');
  const asAdmin = acceptedApiOf(page.request, await accessTokenOf(page));
  const [user] = await asAdmin('GroupSettings/members/~range', {
    owner: {},
    queryCustomizer: { email: [{ operator: 'equal', value: 'user@parkhere.example' }] },
  });
  const group = await asAdmin('Actor/~update/groups/~create', {
    name: `E2E weekly pattern ${Date.now().toString(36)}`,
    maxNormalReservation: 100,
    members: [user],
  });
  return async () => {
    await asAdmin('GroupSettings/~delete', undefined, String(group.__signedIdentifier));
    await context.close();
  };
}

DESKTOP_AND_PHONE.forEach((variant) => {
  test(`a weekly pattern books its days and says which it skipped and why (${variant.name})`, async ({
    browser,
    page,
    request,
  }) => {
    const t = textsOf(variant.locale);
    const restoreQuota = await liftUserQuota(browser);
    await openAs(page, 'user', { width: variant.width, mode: 'light', locale: variant.locale });
    const token = await accessTokenOf(page);
    const post = apiOf(request, token);
    const { first, skipped } = patternDays();
    const day = (date: LocalDate) => formatDayWithWeekday(date, variant.locale);
    try {
      // The user's own reservation a week after the first day, at the pattern's hours: that day is skipped.
      await reserveOnFirstFreeDay(request, token, {
        days: [skipped],
        startTime: `${START}:00`,
        endTime: `${END}:00`,
      });
      await page.reload();
      const form = reservationForm(page);
      await chooseType(page, t('application:enumeration.ReservationType.NORMAL'));
      await typeDate(pickerGroup(page, t('application:reservationForm.date')), first, variant.locale);
      await typeTime(pickerGroup(page, t('application:reservationForm.startTime')), START);
      await typeTime(pickerGroup(page, t('application:reservationForm.endTime')), END);
      await expect(
        form.getByRole('combobox', { name: t('application:reservationForm.parkingSlot') }),
      ).toHaveValue(/[^\s\u200b]/);
      await form.getByRole('checkbox', { name: t('application:reservationForm.repeat.label') }).check();
      const weekdays = form.getByRole('group', { name: t('application:reservationForm.repeat.weekdays') });
      await weekdays
        .getByRole('checkbox', { name: t(`application:reservationForm.repeat.weekday.${weekdayOf(first)}`) })
        .check();
      await form.getByRole('button', { name: t('application:reservationForm.submit'), exact: true }).click();

      const answer = form.getByTestId('pattern-answer');
      await expect(answer).toContainText(
        t('application:reservationForm.repeat.booked').replace('{{days}}', day(first)).replace(/\.$/, ''),
      );
      const skippedList = answer.getByRole('list', {
        name: t('application:reservationForm.repeat.skippedList'),
      });
      await expect(skippedList.getByRole('listitem').filter({ hasText: day(skipped) })).toHaveText(
        t('application:reservationForm.repeat.skippedDay')
          .replace('{{day}}', day(skipped))
          .replace('{{reason}}', t('system:error.conflict.OVERLAPPING_RESERVATION')),
      );
      await expect(answer).not.toContainText(day(addDays(first, 1)));

      const axe = await new AxeBuilder({ page })
        .include('[data-testid=pattern-answer]')
        .withTags(WCAG_TAGS)
        .analyze();
      expect(describe(axe.violations)).toBe('');
    } finally {
      // Everything of the user's at the pattern's hours: the pattern's days and the reservation it skipped.
      const panel = (await post('Actor/userReservationPanel/~get')).body as Entity;
      const active = (
        await post('UserReservationPanel/activeReservations/~list', {}, panel.__signedIdentifier)
      ).body as Entity[];
      for (const row of Array.isArray(active) ? active : []) {
        if (String(row.startTime).startsWith(START)) {
          await post('UserReservation/deleteReservation', {}, String(row.__signedIdentifier));
        }
      }
      await restoreQuota();
    }
  });
});
