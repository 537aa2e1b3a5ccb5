import { formatDayWithWeekday, type Locale, type PushAction, type PushMessage } from '@parkhere/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { SignedIdentifiers } from '../../platform/http/signed-identifier.ts';
import { localeOf } from '../../platform/mail/mail-data.ts';
import type { CheckInLinks } from '../check-in/index.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { lostRequestDay } from '../draw/index.ts';
import { checkInTimesOf, loadReservationFacts, type ReservationMailFacts } from '../notifications/index.ts';
import type { ReleaseLinks } from '../release-link/index.ts';
import { reservationRowsSql } from '../reservations/index.ts';

/*
 * What a push notification says, in its user's language, read when it is sent (a job's payload carries ids,
 * never copies): the test's "Notifications are on", and a reservation's news (a waitlist promotion, a draw's
 * win, its check-in window opening, its release as a no-show). A notice whose reservation is no longer in the
 * state it tells of is not sent.
 */

/** What happened, by id: the payload of a push job. */
export type PushNotice =
  | { event: 'test' }
  | {
      event: 'waitlist-promoted' | 'draw-won' | 'draw-settled' | 'check-in-open' | 'no-show';
      reservationId: string;
    }
  /** A fair draw's request that got no slot; `waiting`: it waits on the waitlist now. */
  | { event: 'draw-lost'; requestId: string; waiting: boolean };

export type ReservationEvent = Extract<PushNotice, { reservationId: string }>['event'];

/** What the messages are built with: the signed identifiers and the links the actions POST to. */
export type MessageEnvironment = {
  signedIdentifiers: SignedIdentifiers;
  checkInLinks: CheckInLinks;
  releaseLinks: ReleaseLinks;
};

type Texts = {
  test: { title: string; body: string };
  lost: { title: string; waiting: string; notWaiting: string };
  titles: Record<ReservationEvent, string>;
  /** The reservation's day, times, slot and garage. */
  what: (day: string, from: string, to: string, slot: string, garage: string) => string;
  checkInBy: (time: string) => string;
  releasedAt: (time: string) => string;
  actions: Record<PushAction, string>;
};

const TEXTS: Record<Locale, Texts> = {
  'en-US': {
    test: { title: 'ParkHere', body: 'Notifications are on.' },
    lost: {
      title: 'No slot in the draw',
      waiting: 'You are on the waitlist: you will be told when a slot frees up.',
      notWaiting: 'The slots went to others.',
    },
    titles: {
      'waitlist-promoted': 'You got a slot from the waitlist',
      'draw-won': 'The draw gave you a slot',
      'draw-settled': 'Your request is booked',
      'check-in-open': 'Check in now',
      'no-show': 'Your reservation was released',
    },
    what: (day, from, to, slot, garage) => `${day} ${from}–${to}, ${slot} (${garage})`,
    checkInBy: (time) => `Check in by ${time}.`,
    releasedAt: (time) => `Not checked in by ${time}: the slot went to others.`,
    actions: { 'check-in': "I'm here", release: 'Not coming' },
  },
  'hu-HU': {
    test: { title: 'ParkHere', body: 'Az értesítések be vannak kapcsolva.' },
    lost: {
      title: 'A sorsoláson nem kapott helyet',
      waiting: 'Várólistán van: értesítjük, ha felszabadul egy hely.',
      notWaiting: 'A helyeket mások kapták.',
    },
    titles: {
      'waitlist-promoted': 'Helyet kapott a várólistáról',
      'draw-won': 'A sorsolás helyet adott Önnek',
      'draw-settled': 'A kérését lefoglaltuk',
      'check-in-open': 'Jelezze az érkezését',
      'no-show': 'A foglalását felszabadítottuk',
    },
    what: (day, from, to, slot, garage) => `${day} ${from}–${to}, ${slot} (${garage})`,
    checkInBy: (time) => `Érkezését ${time}-ig jelezze.`,
    releasedAt: (time) => `${time}-ig nem jelezte érkezését: a helyet mások kaphatják.`,
    actions: { 'check-in': 'Megérkeztem', release: 'Nem jövök' },
  },
};

/** The screen a reservation's notification opens: the dashboard, with the reservation's card. */
export const reservationUrl = (reservationId: string): string => `/?reservation=${reservationId}`;
const PROFILE_URL = '/Services/Actor/ProfileSettings/AccessViewPage';

/** Whether the reservation is still as the notice tells of it. */
function stillSo(event: ReservationEvent, facts: ReservationMailFacts, now: Date): boolean {
  switch (event) {
    case 'waitlist-promoted':
    case 'draw-won':
    case 'draw-settled':
      return facts.row.status === 'ACTIVE' && facts.endsAt.getTime() > now.getTime();
    case 'check-in-open':
      return (
        facts.row.status === 'ACTIVE' &&
        facts.checkIn.required &&
        facts.checkedInAt === null &&
        facts.checkIn.opensAt.getTime() <= now.getTime() &&
        now.getTime() < facts.checkIn.closesAt.getTime()
      );
    case 'no-show':
      return facts.row.status === 'NO_SHOW';
  }
}

/** The actions the notification offers: check-in while its window is open, giving back until it starts. */
function actionsOf(
  facts: ReservationMailFacts,
  environment: MessageEnvironment,
  texts: Texts,
  now: Date,
): { action: PushAction; title: string; url: string }[] {
  if (facts.row.status !== 'ACTIVE') {
    return [];
  }
  const checkIn =
    facts.checkIn.required &&
    facts.checkedInAt === null &&
    facts.checkIn.opensAt.getTime() <= now.getTime() &&
    now.getTime() < facts.checkIn.closesAt.getTime()
      ? [
          {
            action: 'check-in' as const,
            title: texts.actions['check-in'],
            url: environment.checkInLinks.url(facts.row.id, facts.checkIn.closesAt),
          },
        ]
      : [];
  const release =
    facts.startsAt.getTime() > now.getTime()
      ? [
          {
            action: 'release' as const,
            title: texts.actions.release,
            url: environment.releaseLinks.url(facts.row.id, facts.startsAt),
          },
        ]
      : [];
  return [...checkIn, ...release];
}

/** A lost draw request's message: its day and times, and whether it waits on the waitlist. */
async function lostMessage(
  db: Executor,
  notice: Extract<PushNotice, { event: 'draw-lost' }>,
): Promise<PushMessage | { skipped: string }> {
  const request = await lostRequestDay(db, notice.requestId);
  if (request === undefined) {
    return { skipped: 'the request is not lost' };
  }
  const locale = localeOf(request.locale);
  const texts = TEXTS[locale].lost;
  const day = `${formatDayWithWeekday(request.date, locale)} ${request.startTime}–${request.endTime}`;
  return {
    title: texts.title,
    body: `${day}\n${notice.waiting ? texts.waiting : texts.notWaiting}`,
    url: '/',
    tag: `draw-lost:${notice.requestId}`,
    lang: locale,
  };
}

/**
 * The message of a notice (the test's in its recipient's language, a reservation's in its owner's), or why
 * none goes: the reservation is gone or no longer as the notice tells.
 */
export async function messageOf(
  db: Executor,
  notice: PushNotice,
  recipientLocale: string | null,
  environment: MessageEnvironment,
  now: Date,
): Promise<PushMessage | { skipped: string }> {
  if (notice.event === 'test') {
    const locale = localeOf(recipientLocale);
    return { ...TEXTS[locale].test, url: PROFILE_URL, tag: 'test', lang: locale };
  }
  if (notice.event === 'draw-lost') {
    return lostMessage(db, notice);
  }
  const facts = await loadReservationFacts(db, reservationRowsSql, notice.reservationId);
  if (facts === null) {
    return { skipped: 'the reservation no longer exists' };
  }
  if (!stillSo(notice.event, facts, now)) {
    return { skipped: `the reservation is ${facts.row.status}, no longer ${notice.event}` };
  }
  const locale = facts.owner.locale;
  const texts = TEXTS[locale];
  const { timeZone } = await loadMailSettings(db);
  const what = texts.what(
    formatDayWithWeekday(facts.row.date, locale),
    facts.row.startTime,
    facts.row.endTime,
    facts.row.slotName,
    facts.row.garage,
  );
  const times = checkInTimesOf(facts, timeZone);
  const extra =
    notice.event === 'no-show'
      ? texts.releasedAt(times.closesAt)
      : facts.checkIn.required && facts.checkedInAt === null && facts.row.status === 'ACTIVE'
        ? texts.checkInBy(times.closesAt)
        : '';
  return {
    title: texts.titles[notice.event],
    body: extra === '' ? what : `${what}\n${extra}`,
    url: reservationUrl(facts.row.id),
    tag: `${notice.event}:${facts.row.id}`,
    lang: locale,
    reservation: {
      signedIdentifier: await environment.signedIdentifiers.sign({
        id: facts.row.id,
        type: 'UserReservation',
        version: facts.version,
      }),
      actions: actionsOf(facts, environment, texts, now),
    },
  };
}
