import { formatDayWithWeekday, type Locale } from '@parkhere/contract';
import { buttonForm, detailsTable, linkPage, paragraph } from '../../platform/http/link-page.ts';

/*
 * The small pages of a mail's check-in link (platform/http/link-page.ts), in the owner's language: GET shows
 * the reservation with one button whose plain form POSTs to the same address; the POST answers a result.
 */

export type CheckInPageReservation = { date: string; startTime: string; endTime: string; slot: string };

export type CheckInPageWindow = { opensAt: string; closesAt: string };

export type CheckInResult = 'checked-in' | 'already-checked-in' | 'not-open-yet' | 'closed' | 'invalid';

const TEXTS = {
  'hu-HU': {
    title: 'Bejelentkezés a parkoláshoz',
    date: 'Dátum',
    time: 'Időpont',
    slot: 'Parkolóhely',
    window: (w: CheckInPageWindow) => `Bejelentkezés ${w.opensAt} és ${w.closesAt} között.`,
    button: 'Megérkeztem',
    'checked-in': 'Bejelentkezett, a parkolóhely az Öné.',
    'already-checked-in': 'Már bejelentkezett ehhez a foglaláshoz.',
    'not-open-yet': 'A bejelentkezés még nem kezdődött el. Próbálja újra később.',
    closed: 'A bejelentkezés lezárult ehhez a foglaláshoz.',
    invalid: 'Ez a hivatkozás érvénytelen vagy lejárt.',
  },
  'en-US': {
    title: 'Check in for parking',
    date: 'Date',
    time: 'Time',
    slot: 'Parking slot',
    window: (w: CheckInPageWindow) => `Check in between ${w.opensAt} and ${w.closesAt}.`,
    button: "I'm here",
    'checked-in': 'You are checked in; the slot is yours.',
    'already-checked-in': 'This reservation is already checked in.',
    'not-open-yet': 'Check-in has not opened yet. Please try again later.',
    closed: 'Check-in for this reservation has closed.',
    invalid: 'This link is invalid or has expired.',
  },
} as const;

const details = (locale: Locale, reservation: CheckInPageReservation): string => {
  const texts = TEXTS[locale];
  return detailsTable([
    // The day as the reader's language writes it (issue 31), as the release link's page does.
    [texts.date, formatDayWithWeekday(reservation.date, locale)],
    [texts.time, `${reservation.startTime} – ${reservation.endTime}`],
    [texts.slot, reservation.slot],
  ]);
};

/** The GET page: the reservation, its window and the one button. */
export const checkInFormPage = (
  locale: Locale,
  reservation: CheckInPageReservation,
  window: CheckInPageWindow,
): string =>
  linkPage(
    locale,
    TEXTS[locale].title,
    `${details(locale, reservation)}${paragraph(TEXTS[locale].window(window))}
${buttonForm(TEXTS[locale].button)}`,
  );

/** A result page, with the reservation when the link named one. */
export const checkInResultPage = (
  locale: Locale,
  result: CheckInResult,
  reservation?: CheckInPageReservation,
): string =>
  linkPage(
    locale,
    TEXTS[locale].title,
    `${paragraph(TEXTS[locale][result])}${reservation === undefined ? '' : details(locale, reservation)}`,
  );
