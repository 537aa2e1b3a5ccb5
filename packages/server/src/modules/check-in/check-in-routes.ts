import type { Locale, OperationObject } from '@parkhere/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
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

/** Without a valid link there is no owner to ask: the browser's preference, Hungarian by default. */
const requestLocale = (request: FastifyRequest): Locale =>
  /^\s*en\b/i.test(request.headers['accept-language'] ?? '') ? 'en-US' : 'hu-HU';

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    // A personal page behind a credential in its address: nothing may keep it, no search engine list it.
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .send(html);

const shown = (facts: ReservationMailFacts): CheckInPageReservation => ({
  date: facts.row.date,
  startTime: facts.row.startTime,
  endTime: facts.row.endTime,
  slot: facts.row.slot,
});

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

/** The pages as /api/openapi.json describes them: the token of the mail's link is their only credential. */
const describedPage = (summary: string, ok: string): OperationObject => ({
  summary,
  tags: ['Check-in'],
  security: [],
  responses: {
    '200': html(ok),
    '404': html('The link is forged, of another purpose or expired.'),
    '422': html('The check-in window is not open (yet, or any more).'),
  },
});

/**
 * `/ParkHere/check-in/{token}`, the link of the confirmation and reminder mails: no sign-in, the token is the
 * credential (one reservation, one purpose, until its window closes). Mail scanners fetch links before anyone
 * clicks, so GET changes nothing and only shows the button; the button's POST checks in (by 'mail-link').
 */
export async function checkInRoutes(app: FastifyInstance, options: CheckInRoutesOptions): Promise<void> {
  // The button's form posts an empty urlencoded body; nothing in any body is read, so none is refused either
  // (a body of another type, malformed or large is let through unread, as a GET's is).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.on('error', done);
    payload.on('end', () => done(null, {}));
    payload.resume();
  });

  const resolve = async (request: FastifyRequest) => {
    const { token } = request.params as { token: string };
    const now = app.clock();
    const reservationId = options.links.verify(token, now);
    const facts =
      reservationId === undefined
        ? null
        : await loadReservationFacts(app.database.db, reservationRowsSql, reservationId);
    return { token, now, reservationId, facts };
  };

  const page = describedPage('The check-in page of a mail’s link', 'The reservation and a check-in button.');
  app.get(`${CHECK_IN_PATH}/:token`, { config: { describe: page } }, async (request, reply) => {
    const { facts } = await resolve(request);
    if (facts === null) {
      return send(reply, 404, checkInResultPage(requestLocale(request), 'invalid'));
    }
    const locale = facts.owner.locale;
    if (facts.checkedInAt !== null) {
      return send(reply, 200, checkInResultPage(locale, 'already-checked-in', shown(facts)));
    }
    if (facts.row.status !== 'ACTIVE' || !facts.checkIn.required) {
      return send(reply, STATUS.closed, checkInResultPage(locale, 'closed', shown(facts)));
    }
    const { timeZone } = await loadMailSettings(app.database.db);
    const { opensAt, closesAt } = checkInTimesOf(facts, timeZone);
    return send(reply, 200, checkInFormPage(locale, shown(facts), { opensAt, closesAt }));
  });

  const button = describedPage('Check in by a mail’s link', 'Checked in (or already).');
  app.post(`${CHECK_IN_PATH}/:token`, { config: { describe: button } }, async (request, reply) => {
    const { now, reservationId, facts } = await resolve(request);
    if (reservationId === undefined || facts === null) {
      return send(reply, 404, checkInResultPage(requestLocale(request), 'invalid'));
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
    return send(reply, STATUS[result], checkInResultPage(facts.owner.locale, result, shown(facts)));
  });
}
