import { formatDayWithWeekday, formatTime, type Locale } from '@parkhere/contract';
import { buttonForm, detailsTable, linkPage, paragraph } from '../../platform/http/link-page.ts';

/*
 * The pages of a mail's release link (platform/http/link-page.ts), in the owner's language: GET names the
 * reservation (day, time, slot, garage) with one button whose plain form POSTs to the same address; the POST
 * answers what came of it.
 */

export type ReleasePageReservation = {
  date: string;
  startTime: string;
  endTime: string;
  slotName: string;
  floor: number;
  garage: string;
};

export type ReleaseResult = 'given-back' | 'already-given-back' | 'started' | 'invalid';

const TEXTS = {
  'hu-HU': {
    title: 'Parkolóhely visszaadása',
    question:
      'Mégsem jön? Adja vissza a parkolóhelyet, hogy más használhassa: a várólistán következő azonnal megkapja.',
    day: 'Nap',
    time: 'Időpont',
    slot: 'Parkolóhely',
    floor: (floor: number) => `${floor}. szint`,
    garage: 'Parkolóház',
    button: 'Nem jövök, visszaadom a helyet',
    'given-back': 'Köszönjük! A foglalást töröltük, a parkolóhely újra szabad.',
    'already-given-back': 'Ezt a foglalást már visszaadták vagy törölték; semmi sem változott.',
    started:
      'Ez a foglalás már elkezdődött vagy véget ért, ezzel a hivatkozással nem adható vissza. Az alkalmazásban kezelheti.',
    invalid: 'Ez a hivatkozás érvénytelen vagy lejárt.',
  },
  'en-US': {
    title: 'Give the parking slot back',
    question:
      'Not coming? Give the slot back so somebody else can use it: the next on the waitlist gets it at once.',
    day: 'Day',
    time: 'Time',
    slot: 'Parking slot',
    floor: (floor: number) => `floor ${floor}`,
    garage: 'Garage',
    button: 'Not coming: give the slot back',
    'given-back': 'Thank you! The reservation is deleted and the slot is free again.',
    'already-given-back': 'This reservation was already given back or deleted; nothing changed.',
    started:
      'This reservation has already started or ended, so this link no longer gives it back. Manage it in the app.',
    invalid: 'This link is invalid or has expired.',
  },
} as const;

const details = (locale: Locale, reservation: ReleasePageReservation): string => {
  const texts = TEXTS[locale];
  return detailsTable([
    [texts.day, formatDayWithWeekday(reservation.date, locale)],
    [texts.time, `${formatTime(reservation.startTime)} – ${formatTime(reservation.endTime)}`],
    [texts.slot, `${reservation.slotName} (${texts.floor(reservation.floor)})`],
    [texts.garage, reservation.garage],
  ]);
};

/** The GET page: the reservation and the one button. */
export const releaseFormPage = (locale: Locale, reservation: ReleasePageReservation): string =>
  linkPage(
    locale,
    TEXTS[locale].title,
    `${paragraph(TEXTS[locale].question)}${details(locale, reservation)}
${buttonForm(TEXTS[locale].button)}`,
  );

/** A result page, with the reservation when the link named one. */
export const releaseResultPage = (
  locale: Locale,
  result: ReleaseResult,
  reservation?: ReleasePageReservation,
): string =>
  linkPage(
    locale,
    TEXTS[locale].title,
    `${paragraph(TEXTS[locale][result])}${reservation === undefined ? '' : details(locale, reservation)}`,
  );
