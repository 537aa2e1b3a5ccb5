import type { OperationObject } from '@parkhere/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
import { browserLocale, describedLinkPage, readNoBody, sendLinkPage } from '../../platform/http/link-page.ts';
import { originOf } from '../../platform/http/origin.ts';
import { loadMailSettings } from '../configuration/index.ts';
import { checkInTimesOf, loadReservationFacts, type ReservationMailFacts } from '../notifications/index.ts';
import { reservationRowsSql } from '../reservations/index.ts';
import { CHECK_IN_PATH, type CheckInLinks, checkInLinkActor } from './check-in-link.ts';
import {
  type CheckInPageReservation,
  type CheckInResult,
  checkInFormPage,
  checkInResultPage,
} from './check-in-page.ts';
import { checkInReservation } from './check-in-reservation.ts';

export type CheckInRoutesOptions = { links: CheckInLinks };

/** The status of each result: a refusal is the API's 422, an unknown link 404. */
const STATUS: Record<CheckInResult, number> = {
  'checked-in': 200,
  'already-checked-in': 200,
  'not-open-yet': 422,
  closed: 422,
  invalid: 404,
};

const shown = (facts: ReservationMailFacts): CheckInPageReservation => ({
  date: facts.row.date,
  startTime: facts.row.startTime,
  endTime: facts.row.endTime,
  slot: facts.row.slot,
});

/** The pages as /api/openapi.json describes them: the token of the mail's link is their only credential. */
const describedPage = (summary: string, ok: string): OperationObject =>
  describedLinkPage('Check-in', summary, {
    '200': ok,
    '404': 'The link is forged, of another purpose, or names no reservation.',
    '422': 'The check-in window is not open (yet, or any more: the link works until it closes as it is now).',
  });

/**
 * `/ParkHere/check-in/{token}`, the link of the confirmation and reminder mails: no sign-in, the token is the
 * credential (one reservation, one purpose, until its window closes). Mail scanners fetch links before anyone
 * clicks, so GET changes nothing and only shows the button; the button's POST checks in (by 'mail-link'). The
 * window as it is now ends the link, not the closing signed into it when it was mailed (a time-zone change moves
 * the one, not the other); a genuine link past it still names its reservation, so the page says the window closed.
 */
export async function checkInRoutes(app: FastifyInstance, options: CheckInRoutesOptions): Promise<void> {
  readNoBody(app);

  const resolve = async (request: FastifyRequest) => {
    const { token } = request.params as { token: string };
    const now = app.clock();
    const reservationId = options.links.named(token);
    const facts =
      reservationId === undefined
        ? null
        : await loadReservationFacts(app.database.db, reservationRowsSql, reservationId);
    return { token, now, reservationId, facts };
  };

  const page = describedPage('The check-in page of a mail’s link', 'The reservation and a check-in button.');
  app.get(`${CHECK_IN_PATH}/:token`, { config: { describe: page } }, async (request, reply) => {
    const { now, facts } = await resolve(request);
    if (facts === null) {
      return sendLinkPage(reply, 404, checkInResultPage(browserLocale(request), 'invalid'));
    }
    const locale = facts.owner.locale;
    if (facts.checkedInAt !== null) {
      return sendLinkPage(reply, 200, checkInResultPage(locale, 'already-checked-in', shown(facts)));
    }
    if (
      facts.row.status !== 'ACTIVE' ||
      !facts.checkIn.required ||
      facts.checkIn.closesAt.getTime() <= now.getTime()
    ) {
      return sendLinkPage(reply, STATUS.closed, checkInResultPage(locale, 'closed', shown(facts)));
    }
    const { timeZone } = await loadMailSettings(app.database.db);
    const { opensAt, closesAt } = checkInTimesOf(facts, timeZone);
    return sendLinkPage(reply, 200, checkInFormPage(locale, shown(facts), { opensAt, closesAt }));
  });

  const button = describedPage('Check in by a mail’s link', 'Checked in (or already).');
  app.post(`${CHECK_IN_PATH}/:token`, { config: { describe: button } }, async (request, reply) => {
    const { now, reservationId, facts } = await resolve(request);
    if (reservationId === undefined || facts === null) {
      return sendLinkPage(reply, 404, checkInResultPage(browserLocale(request), 'invalid'));
    }
    // No sign-in: the audit log knows the change by the link it came through.
    const outcome = await stampedTransaction(
      app.database.db,
      { actor: checkInLinkActor(reservationId), ...originOf(request) },
      (db) => checkInReservation(db, { reservationId, now, by: 'mail-link' }),
    );
    const result: CheckInResult =
      outcome.kind === 'checked-in'
        ? 'checked-in'
        : outcome.kind === 'already-checked-in'
          ? 'already-checked-in'
          : outcome.kind === 'refused' && outcome.code === 'CHECK_IN_NOT_OPEN_YET'
            ? 'not-open-yet'
            : outcome.kind === 'not-found'
              ? 'invalid'
              : 'closed';
    return sendLinkPage(reply, STATUS[result], checkInResultPage(facts.owner.locale, result, shown(facts)));
  });
}
