import { acceptedApiOf, accessTokenOf, type Entity, guestArrivalToday } from './api.ts';
import { animationsEnded, type Locale, openAs, settled, textsOf, violationsOf } from './axe.ts';
import { expect, pinClock, signInToShell, test } from './fixtures.ts';

/*
 * Issue 31 §3, the doorman on a phone: at a 390 px screen the arrivals are cards with the plate beside the
 * arrival button, searchable by plate or name; a plate nobody booked today is said in a sentence. In English and
 * Hungarian, each judged by axe.
 */

test.slow();

const ARRIVALS = '/Services/Actor/DoormanArrivals/AccessViewPage';
const PHONE = 390;

for (const locale of ['en-US', 'hu-HU'] as const satisfies readonly Locale[]) {
  test(`a doorman finds an arrival by plate on a phone and hears of a plate nobody booked (${locale})`, async ({
    browser,
    page,
    request,
  }) => {
    const t = textsOf(locale);
    const suffix = `${Date.now() % 100_000}`.padStart(5, '0');
    const plate = `DP-${suffix}`;
    const guestName = `Phone Guest ${suffix}`;
    await signInToShell(page, 'admin', '/');
    const admin = acceptedApiOf(request, await accessTokenOf(page));
    const created = await guestArrivalToday(request, await accessTokenOf(page), {
      name: guestName,
      licensePlate: plate,
      minutes: 60,
    });

    const walkInName = `Walk In ${suffix}`;
    let walkInRecorded = false;
    const context = await browser.newContext({ locale });
    await pinClock(context);
    const doorman = await context.newPage();
    try {
      await openAs(doorman, 'doorman', { width: PHONE, mode: 'light', locale });
      await doorman.goto(ARRIVALS);
      await settled(doorman);
      // Cards, not a table wider than the phone.
      await expect(doorman.getByRole('table')).toHaveCount(0);
      const search = doorman.getByRole('searchbox', { name: t('application:adminViews.arrivals.search') });
      await search.fill(plate.toLowerCase().replace('-', ' '));
      const card = doorman.getByTestId('arrival-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(plate);
      await expect(card).toContainText(guestName);
      // The page fits the phone: nothing to scroll sideways for.
      expect(await doorman.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
      expect(await violationsOf(doorman, `arrivals, a plate found (${locale})`)).toBe('');

      const nobody = `QX-${suffix}`;
      await search.fill(nobody);
      await expect(doorman.getByRole('status')).toHaveText(
        t('application:adminViews.arrivals.noPlate').replace('{{plate}}', nobody),
      );
      await expect(card).toHaveCount(0);
      expect(await violationsOf(doorman, `arrivals, an unknown plate (${locale})`)).toBe('');

      // The plate nobody booked is a walk-in guest: recorded into a free slot and checked in at once.
      await doorman
        .getByRole('button', { name: t('application:adminViews.arrivals.walkIn.fromSearch') })
        .click();
      const dialog = doorman.getByRole('dialog', { name: t('application:adminViews.arrivals.walkIn.title') });
      await expect(
        dialog.getByRole('textbox', { name: t('application:adminViews.arrivals.plate') }),
      ).toHaveValue(nobody);
      await dialog
        .getByRole('textbox', { name: t('application:adminViews.arrivals.walkIn.name') })
        .fill(walkInName);
      await dialog.getByRole('combobox', { name: t('application:adminViews.arrivals.slot') }).click();
      await doorman
        .getByRole('option', { name: /\(HQ Garage\)/ })
        .first()
        .click();
      // Judged once the slot list has faded out: axe read its fading options as grey on white (CI, hu-HU).
      await expect(doorman.getByRole('listbox')).toBeHidden();
      await animationsEnded(doorman);
      expect(await violationsOf(doorman, `walk-in dialog (${locale})`)).toBe('');
      await dialog.getByRole('button', { name: t('application:adminViews.arrivals.walkIn.record') }).click();
      await expect(dialog).toBeHidden();
      await search.fill(nobody);
      await expect(card).toHaveCount(1);
      await expect(card).toHaveAttribute('data-check-in', 'checkedIn');
      await expect(card).toContainText(walkInName);
      walkInRecorded = true;
    } finally {
      if (walkInRecorded) {
        // Given back at once, so other specs find the slot free.
        const asDoorman = acceptedApiOf(request, await accessTokenOf(doorman));
        const panel = await asDoorman('Actor/doormanArrivals/~get', { _mask: '{arrivals{reserverName}}' });
        const arrivals = (panel.arrivals ?? []) as Entity[];
        const walkIn = arrivals.find((arrival) => arrival.reserverName === walkInName);
        await asDoorman('UserReservation/cancelReservation', undefined, walkIn?.__signedIdentifier);
      }
      await context.close();
      await admin('UserReservation/deleteReservation', undefined, created.__signedIdentifier);
    }
  });
}
