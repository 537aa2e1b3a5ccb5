import {
  CALENDAR_FEED_PATH,
  type CalendarFeedState,
  CalendarFeedStateSchema,
  calendarFeedPaths,
  errorRefs,
  jsonAnswer,
  jsonSchemaOf,
  type OperationObject,
} from '@parkhere/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { stampedTransaction, userStamp } from '../../platform/db/actor-stamp.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { originOf } from '../../platform/http/origin.ts';
import { feedDocument, matchesEtag } from './feed.ts';
import type { FeedTokens } from './feed-token.ts';
import { disableFeed, enableFeed, type FeedRow, feedOf, resetFeed, servedFeedOf } from './repository.ts';

export type FeedRoutesOptions = { tokens: FeedTokens };

const FEED_FILE = /^([^/]{1,120})\.ics$/;

const notFound = (reply: FastifyReply) =>
  reply.code(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Not found');

/**
 * `/ParkHere/calendar/{token}.ics`: the feed calendar clients subscribe to, without sign-in (they cannot sign
 * in); the token is the credential. Anything but a live token of an active user is 404, whatever the reason,
 * so a guesser learns nothing. Answers carry an ETag and a matching If-None-Match gets 304 without a body.
 */
const feedDescription: OperationObject = {
  summary: 'A personal calendar feed (iCalendar)',
  description:
    'Subscribe a calendar client to the address Profile settings shows; the address is the credential.',
  tags: ['Calendar'],
  security: [],
  responses: {
    '200': {
      description:
        'The reservations from 30 days back, one VEVENT each, the pending draw requests (STATUS:TENTATIVE) and the next 20 working days the user comes to a slot assigned to them, with an ETag.',
      content: { 'text/calendar': { schema: { type: 'string' } } },
    },
    '304': { description: 'Unchanged since the ETag sent in If-None-Match.' },
    '404': {
      description: 'No live feed has this address.',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
  },
};

export async function feedRoutes(app: FastifyInstance, options: FeedRoutesOptions): Promise<void> {
  app.get(
    `${CALENDAR_FEED_PATH}/:file`,
    { config: { describe: feedDescription } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const token = FEED_FILE.exec(file)?.[1];
      const userId = token === undefined ? undefined : options.tokens.claimedUser(token);
      if (token === undefined || userId === undefined) {
        return notFound(reply);
      }
      const feed = await servedFeedOf(app.database.db, userId);
      if (feed === undefined || !options.tokens.verify(token, userId, feed.generation)) {
        return notFound(reply);
      }
      const document = await feedDocument(app.database.db, {
        userId,
        locale: feed.locale,
        now: app.clock(),
        publicUrl: app.config.publicUrl,
      });
      // A personal document behind a credential in its address: caches may keep it only to revalidate it.
      reply
        .header('ETag', document.etag)
        .header('Cache-Control', 'private, no-cache')
        .header('X-Robots-Tag', 'noindex');
      if (matchesEtag(request.headers['if-none-match'], document.etag)) {
        return reply.code(304).send();
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="parkhere.ics"')
        .send(document.body);
    },
  );
}

/**
 * The signed-in user's own feed, in the /api scope: read it, turn it on or off, reset its address. Each answers
 * the feed as it is now; only its owner ever sees its address.
 */
export async function feedSettingsRoutes(api: FastifyInstance, options: FeedRoutesOptions): Promise<void> {
  const stateOf = (userId: string, feed: FeedRow | undefined): CalendarFeedState =>
    feed?.enabled === true
      ? { enabled: true, url: options.tokens.url(userId, feed.generation) }
      : { enabled: false, url: null };
  const userOf = async (request: Parameters<typeof api.actorOf>[0]) => (await api.actorOf(request)).user.id;
  const described = (summary: string): { config: { describe: OperationObject } } => ({
    config: {
      describe: {
        summary,
        tags: ['Calendar'],
        responses: {
          '200': jsonAnswer('The feed as it is now.', jsonSchemaOf(CalendarFeedStateSchema)),
          ...errorRefs(['401', '403', '500']),
        },
      },
    },
  });

  api.get(
    `/${calendarFeedPaths.feed}`,
    described('The signed-in user’s calendar feed'),
    async (request): Promise<CalendarFeedState> => {
      const userId = await userOf(request);
      return stateOf(userId, await feedOf(api.database.db, userId));
    },
  );
  // A change of the user's own feed, answered with the feed as it is after it (undefined: turned off).
  const change =
    (write: (db: Executor, userId: string, now: Date) => Promise<FeedRow | undefined>) =>
    async (request: Parameters<typeof api.actorOf>[0]): Promise<CalendarFeedState> => {
      const userId = await userOf(request);
      // The user's change of their feed, stamped with them for the audit log.
      const feed = await stampedTransaction(api.database.db, userStamp(userId, originOf(request)), (db) =>
        write(db, userId, api.clock()),
      );
      return stateOf(userId, feed);
    };
  api.post(`/${calendarFeedPaths.feed}`, described('Turn the calendar feed on'), change(enableFeed));
  api.post(
    `/${calendarFeedPaths.reset}`,
    described('Give the feed a new address; the old one stops at once'),
    change(resetFeed),
  );
  api.delete(`/${calendarFeedPaths.feed}`, described('Turn the calendar feed off'), change(disableFeed));
}
