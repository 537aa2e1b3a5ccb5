import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDayWithWeekday } from '@parkhere/contract';
import type { Page } from '@playwright/test';
import { accessTokenOf, reserveOnFirstFreeDay } from './api.ts';
import { violationsOf } from './axe.ts';
import { workingDaysFrom } from './clock.ts';
import { type DemoLogin, expect, profileButton, signIn, test } from './fixtures.ts';

/*
 * Issue 32, item 3: "Not coming?" in one tap from the mail. A reservation's confirmation mail (captured in the
 * server's DATA_DIR/mail) carries the release link; following it shows the reservation with one button, the
 * button gives the slot back, and the owner's dashboard no longer shows the reservation. In English for the
 * demo user, in Hungarian for the administrator (each their own user, as the mail's language is the owner's).
 */

/** The release link of `reservationId` in a captured mail (quoted-printable soft breaks undone). */
async function releaseLinkInMail(reservationId: string): Promise<string> {
  const dir = join(String(process.env.E2E_DATA_DIR), 'mail');
  const pattern = new RegExp(`https?://[^\\s"<>]+/ParkHere/release/${reservationId}\\.[A-Za-z0-9_.-]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const names = (() => {
          try {
            return readdirSync(dir).filter((name) => name.endsWith('.eml'));
          } catch {
            return [];
          }
        })();
        for (const name of names) {
          const text = readFileSync(join(dir, name), 'utf8').replace(/=\r?\n/g, '');
          link = pattern.exec(text)?.[0];
          if (link !== undefined) {
            return link;
          }
        }
        return undefined;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  return String(link);
}

const CASES = [
  {
    locale: 'en-US',
    login: 'user',
    days: workingDaysFrom(3, 4),
    title: 'Give the parking slot back',
    button: 'Not coming: give the slot back',
    done: 'Thank you! The reservation is deleted and the slot is free again.',
    again: 'This reservation was already given back or deleted; nothing changed.',
  },
  {
    locale: 'hu-HU',
    login: 'admin',
    days: workingDaysFrom(3, 4),
    title: 'Parkolóhely visszaadása',
    button: 'Nem jövök, visszaadom a helyet',
    done: 'Köszönjük! A foglalást töröltük, a parkolóhely újra szabad.',
    again: 'Ezt a foglalást már visszaadták vagy törölték; semmi sem változott.',
  },
] as const satisfies ReadonlyArray<{ locale: 'en-US' | 'hu-HU'; login: DemoLogin } & Record<string, unknown>>;

/** Reloads the dashboard and waits until it has listed the active reservations (slow on a loaded machine). */
async function reloadDashboard(page: Page): Promise<void> {
  const listed = page.waitForResponse((response) => response.url().includes('/activeReservations/~list'), {
    timeout: 60_000,
  });
  await page.reload();
  await listed;
}

for (const language of CASES) {
  test.describe(`in ${language.locale}`, () => {
    // The owner works in this language, so their mails and the link's page speak it.
    test.use({ extraHTTPHeaders: { 'Accept-Language': language.locale } });

    test(`the mail's "Not coming?" link gives the slot back and the dashboard drops the reservation (${language.locale})`, async ({
      page,
      request,
    }) => {
      await page.addInitScript((locale) => {
        window.localStorage.setItem('ParkHere-config', JSON.stringify({ i18n: locale }));
      }, language.locale);
      await signIn(page, language.login, '/');
      // The shell's profile button, named in the page's language.
      await expect(profileButton(page, language.locale === 'hu-HU' ? 'Profil' : 'Profile')).toBeVisible();
      const token = await accessTokenOf(page);
      // Late in the evening, on days other specs leave alone: the card is this test's own.
      const { day, reservation } = await reserveOnFirstFreeDay(request, token, {
        days: language.days,
        startTime: '20:05:00',
        endTime: '20:50:00',
      });
      const card = page
        .getByTestId('reservation-card')
        .filter({ hasText: formatDayWithWeekday(day, language.locale) })
        .filter({ hasText: '20:05' });
      await reloadDashboard(page);
      await expect(card).toHaveCount(1);

      const link = await releaseLinkInMail(String(reservation.__identifier));
      const released = await page.context().newPage();
      await released.goto(link);
      await expect(released.getByRole('heading', { level: 1 })).toHaveText(language.title);
      await expect(released.locator('html')).toHaveAttribute('lang', language.locale.slice(0, 2));
      await expect(released.getByRole('table')).toContainText(formatDayWithWeekday(day, language.locale));
      await expect(released.getByRole('table')).toContainText('20:05 – 20:50');
      expect(await violationsOf(released, 'release page')).toBe('');
      // Opening the page changed nothing: the card is still there.
      await reloadDashboard(page);
      await expect(card).toHaveCount(1);

      const button = released.getByRole('button', { name: language.button });
      await button.focus();
      await expect(button).toBeFocused();
      await released.keyboard.press('Enter');
      await expect(released.getByText(language.done)).toBeVisible();

      await reloadDashboard(page);
      await expect(card).toHaveCount(0);
      // Following the link again says so and changes nothing.
      await released.goto(link);
      await expect(released.getByText(language.again)).toBeVisible();
      await expect(released.getByRole('button')).toHaveCount(0);
    });
  });
}
