import type { OperationObject } from '@parkhere/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stampedTransaction } from '../../platform/db/actor-stamp.ts';
import { browserLocale, describedLinkPage, readNoBody, sendLinkPage } from '../../platform/http/link-page.ts';
import { originOf } from '../../platform/http/origin.ts';
import type { MailLimits } from '../../platform/mail/mail-limits.ts';
import { loadReservationFacts, type ReservationMailFacts } from '../notifications/index.ts';
import { giveBackReservation, reservationRowsSql } from '../reservations/index.ts';
import { RELEASE_PATH, type ReleaseLinks, releaseLinkActor } from './release-link.ts';
import {
  type ReleasePageReservation,
  type ReleaseResult,
  releaseFormPage,
  releaseResultPage,
} from './release-page.ts';

export type ReleaseRoutesOptions = { links: ReleaseLinks; mailLimits: MailLimits };

/** The status of each result: too late is the API's 422, an unknown link 404, a replay as good as the first. */
const STATUS: Record<ReleaseResult, number> = {
  'given-back': 200,
  'already-given-back': 200,
  started: 422,
  invalid: 404,
};

const shown = (facts: ReservationMailFacts): ReleasePageReservation => ({
  date: facts.row.date,
  startTime: facts.row.startTime,
  endTime: facts.row.endTime,
  slotName: facts.row.slotName,
  floor: facts.row.floor,
  garage: facts.row.garage,
});

/**
 * Why a reservation cannot be given back any more (without asking the database for a lock), or null: judged by
 * the reservation as it is now, its start moved by a time-zone change since its mail went out included.
 */
const tooLate = (facts: ReservationMailFacts, now: Date): ReleaseResult | null => {
  if (facts.row.status === 'DELETED') {
    return 'already-given-back';
  }
  return facts.row.status !== 'ACTIVE' || facts.startsAt.getTime() <= now.getTime() ? 'started' : null;
};

/** The pages as /api/openapi.json describes them: the token of the mail's link is their only credential. */
const describedPage = (summary: string, ok: string): OperationObject =>
  describedLinkPage('Release link', summary, {
    '200': ok,
    '404': 'The link is forged, of another purpose, or names no reservation.',
    '422': 'The reservation has started (by its start as it is now), ended or was released.',
  });

/**
 * `/ParkHere/release/{token}`, the "Not coming?" link of the confirmation and reminder mails: no sign-in, the
 * token is the credential (one reservation, one purpose, until the reservation starts). Mail scanners fetch
 * links before anyone clicks, so GET changes nothing and only shows the button; the button's POST deletes the
 * reservation as its owner would, and the slot goes to the waitlist. The reservation's start as it is now ends
 * the link, not the start signed into it when it was mailed (a time-zone change moves the one, not the other); a
 * genuine link past it still names its reservation, so the page can say it started instead of calling it invalid.
 */
export async function releaseRoutes(app: FastifyInstance, options: ReleaseRoutesOptions): Promise<void> {
  readNoBody(app);

  /**
   * The link's reservation when the link may act on it, else the page that says why not, sent: the GET asks
   * whether the reservation can still be given back; the POST leaves that to the locked row (giveBackReservation).
   */
  const open = async (request: FastifyRequest, reply: FastifyReply, judge: 'now' | 'locked') => {
    const { token } = request.params as { token: string };
    const now = app.clock();
    const reservationId = options.links.named(token);
    const facts =
      reservationId === undefined
        ? null
        : await loadReservationFacts(app.database.db, reservationRowsSql, reservationId);
    if (reservationId === undefined || facts === null) {
      return { sent: sendLinkPage(reply, 404, releaseResultPage(browserLocale(request), 'invalid')) };
    }
    const late = judge === 'locked' ? null : tooLate(facts, now);
    if (late !== null) {
      return {
        sent: sendLinkPage(reply, STATUS[late], releaseResultPage(facts.owner.locale, late, shown(facts))),
      };
    }
    return { now, reservationId, facts };
  };

  const page = describedPage('The release page of a mail’s link', 'The reservation and a give-back button.');
  app.get(`${RELEASE_PATH}/:token`, { config: { describe: page } }, async (request, reply) => {
    const opened = await open(request, reply, 'now');
    if ('sent' in opened) {
      return opened.sent;
    }
    return sendLinkPage(reply, 200, releaseFormPage(opened.facts.owner.locale, shown(opened.facts)));
  });

  const button = describedPage('Give a reservation back by a mail’s link', 'Given back (or already).');
  app.post(`${RELEASE_PATH}/:token`, { config: { describe: button } }, async (request, reply) => {
    const opened = await open(request, reply, 'locked');
    if ('sent' in opened) {
      return opened.sent;
    }
    const { now, reservationId, facts } = opened;
    // No sign-in: the audit log knows the change by the link it came through.
    const result = await stampedTransaction(
      app.database.db,
      { actor: releaseLinkActor(reservationId), ...originOf(request) },
      (db) =>
        giveBackReservation(db, {
          reservationId,
          by: facts.owner.email,
          now,
          mailLimits: options.mailLimits,
        }),
    );
    return sendLinkPage(reply, STATUS[result], releaseResultPage(facts.owner.locale, result, shown(facts)));
  });
}
