import type { Locale } from '@parkhere/contract';

/*
 * The small pages of a mail's check-in link: self-contained HTML (no script, no asset, one inline style the
 * app's policy allows), in the owner's language, every value escaped. GET shows the reservation with one
 * button whose plain form POSTs to the same address; the POST answers one of the results.
 */

export type CheckInPageReservation = { date: string; startTime: string; endTime: string; slot: string };

export type CheckInPageWindow = { opensAt: string; closesAt: string };

export type CheckInResult = 'checked-in' | 'already-checked-in' | 'not-open-yet' | 'closed' | 'invalid';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

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

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}' +
  'th{text-align:left;padding-right:1rem}button{font-size:1.2rem;padding:.6rem 1.6rem;margin-top:1rem}';

const page = (locale: Locale, body: string): string => {
  const texts = TEXTS[locale];
  return `<!DOCTYPE html>
<html lang="${locale.slice(0, 2)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(texts.title)}</h1>
${body}
</body></html>`;
};

const details = (locale: Locale, reservation: CheckInPageReservation): string => {
  const texts = TEXTS[locale];
  const row = (label: string, value: string) =>
    `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  return `<table>${row(texts.date, reservation.date)}${row(texts.time, `${reservation.startTime} – ${reservation.endTime}`)}${row(texts.slot, reservation.slot)}</table>`;
};

/**
 * The GET page: the reservation, its window and the one button, a form without an action, so it POSTs to the
 * very address the mail linked (behind whatever prefix a proxy serves it at).
 */
export const checkInFormPage = (
  locale: Locale,
  reservation: CheckInPageReservation,
  window: CheckInPageWindow,
): string =>
  page(
    locale,
    `${details(locale, reservation)}<p>${escapeHtml(TEXTS[locale].window(window))}</p>
<form method="post"><button type="submit">${escapeHtml(TEXTS[locale].button)}</button></form>`,
  );

/** A result page, with the reservation when the link named one. */
export const checkInResultPage = (
  locale: Locale,
  result: CheckInResult,
  reservation?: CheckInPageReservation,
): string =>
  page(
    locale,
    `<p>${escapeHtml(TEXTS[locale][result])}</p>${reservation === undefined ? '' : details(locale, reservation)}`,
  );
