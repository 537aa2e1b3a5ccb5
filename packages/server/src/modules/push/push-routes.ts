import { randomUUID } from 'node:crypto';
import {
  errorRefs,
  jsonAnswer,
  jsonSchemaOf,
  type OperationObject,
  type PushState,
  PushStateSchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  pushPaths,
  toErrorItems,
  type VapidPublicKey,
  VapidPublicKeySchema,
} from '@parkhere/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { ValidationError } from '../../platform/errors.ts';
import { checkEndpoint, type EndpointPolicy } from './endpoint-rules.ts';
import { queueDeliveries } from './push-jobs.ts';
import type { PushSender } from './push-sender.ts';
import { removeSubscription, storeSubscription } from './repository.ts';

export type PushRoutesOptions = { sender: PushSender; policy: EndpointPolicy };

const described = (
  summary: string,
  description: string,
  answer: OperationObject['responses'],
  body?: z.ZodType,
): { config: { describe: OperationObject } } => ({
  config: {
    describe: {
      summary,
      description,
      tags: ['Notifications'],
      ...(body === undefined
        ? {}
        : {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } },
            },
          }),
      responses: answer,
    },
  },
});

const stateAnswer = (what: string, codes: readonly ('400' | '401' | '403' | '500')[]) => ({
  '200': jsonAnswer(what, jsonSchemaOf(PushStateSchema)),
  ...errorRefs(codes),
});

/** The body parsed by `schema`, or every problem at once as a 400. */
function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw new ValidationError(toErrorItems(result.error.issues));
  }
  return result.data;
}

/**
 * The signed-in user's Web Push (issue 32, item 4): the key their browser subscribes with, their browser's
 * subscription stored or removed, and a test notification to each of their subscriptions.
 */
export async function pushRoutes(api: FastifyInstance, options: PushRoutesOptions): Promise<void> {
  const userOf = async (request: FastifyRequest) => (await api.actorOf(request)).user.id;

  api.get(
    `/${pushPaths.vapidPublicKey}`,
    described(
      'The application server key',
      'The VAPID public key (P-256, base64url) a browser subscribes with as its applicationServerKey; the same for every instance.',
      {
        '200': jsonAnswer('The key.', jsonSchemaOf(VapidPublicKeySchema)),
        ...errorRefs(['401', '403', '500']),
      },
    ),
    async (request): Promise<VapidPublicKey> => {
      await userOf(request);
      return { publicKey: await options.sender.vapidPublicKey() };
    },
  );

  api.post(
    `/${pushPaths.subscriptions}`,
    described(
      'Turn notifications on for this browser',
      'Stores the browser’s PushSubscription (its toJSON()) for the caller; the same endpoint again replaces it. The endpoint must be https and resolve to public addresses only: PUSH_ENDPOINT_NOT_HTTPS (another scheme, or http), PUSH_ENDPOINT_NOT_PUBLIC (loopback, private, link-local or reserved), PUSH_ENDPOINT_UNRESOLVED (the name does not resolve), each a 400 at `endpoint`.',
      stateAnswer('The number of the caller’s subscriptions.', ['400', '401', '403', '500']),
      PushSubscriptionSchema,
    ),
    async (request): Promise<PushState> => {
      const userId = await userOf(request);
      const subscription = parsed(PushSubscriptionSchema, request.body);
      const verdict = await checkEndpoint(subscription.endpoint, options.policy);
      if (!verdict.ok) {
        throw new ValidationError([{ code: verdict.code, level: 'ERROR', location: 'endpoint' }]);
      }
      const subscriptions = await storeSubscription(api.database.db, {
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        now: api.clock(),
      });
      return { subscriptions };
    },
  );

  api.delete(
    `/${pushPaths.subscriptions}`,
    described(
      'Turn notifications off for this browser',
      'Removes the caller’s subscription of this endpoint (at sign-out, or when the user turns notifications off); another user’s is never touched.',
      stateAnswer('The number of the caller’s subscriptions left.', ['400', '401', '403', '500']),
      PushUnsubscribeSchema,
    ),
    async (request): Promise<PushState> => {
      const userId = await userOf(request);
      const { endpoint } = parsed(PushUnsubscribeSchema, request.body);
      return { subscriptions: await removeSubscription(api.database.db, userId, endpoint) };
    },
  );

  api.post(
    `/${pushPaths.test}`,
    described(
      'Send a test notification',
      '"Notifications are on", queued for each of the caller’s subscriptions (a job each, retried like a mail).',
      stateAnswer('The number of subscriptions it was queued for.', ['401', '403', '500']),
    ),
    async (request): Promise<PushState> => {
      const userId = await userOf(request);
      const subscriptions = await queueDeliveries(
        api.database.db,
        { event: 'test' },
        sql`${userId}::bigint`,
        {
          key: `test:${randomUUID()}`,
          now: api.clock(),
        },
      );
      return { subscriptions };
    },
  );
}
