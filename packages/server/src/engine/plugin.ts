import { ANSWER_LIMITS, type Endpoint, endpointOperation, endpoints, headers } from '@parkhere/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EntityNotFoundError, ValidationError } from '../platform/errors.ts';
import { createFileTokens, type FileTokens } from '../platform/http/file-tokens.ts';
import { originOf } from '../platform/http/origin.ts';
import { loadSigningSecret } from '../platform/http/signed-identifier.ts';
import type { MailLimits } from '../platform/mail/mail-limits.ts';
import { assertTypeAudience, scopeOf } from './access.ts';
import type { EngineContext, EngineReply } from './context.ts';
import { exportAccessPoint, exportRelation } from './export.ts';
import { createLane } from './heavy-lane.ts';
import { runOperation } from './operations.ts';
import { readAccessPoint, readInstance, readRelation } from './read.ts';
import { readRange } from './read-range.ts';
import { operationOf, type Registry } from './registry.ts';
import { createInAccessPoint, deleteInstance, issueUploadToken, template, updateInstance } from './write.ts';
import { updateRelation } from './write-relations.ts';

/*
 * The JUDO engine: one route per endpoint the contract's model offers (`endpoints()`), each answered by the
 * generic handler of its kind. No path has a hand-written handler.
 */

type Handler = (context: EngineContext, body: unknown) => Promise<EngineReply>;

const notServed: Handler = async () => {
  throw new EntityNotFoundError();
};

export const handlerOf = (endpoint: Endpoint): Handler => {
  switch (endpoint.kind) {
    case 'accessPoint': {
      const { accessPoint, call } = endpoint;
      return call === '~export'
        ? (context, body) => exportAccessPoint(context, accessPoint, body)
        : (context, body) => readAccessPoint(context, accessPoint, call, body);
    }
    case 'instance':
      switch (endpoint.call) {
        case '~get':
          return (context, body) => readInstance(context, endpoint.type, body);
        case '~update':
        case '~validate':
          return (context, body) => updateInstance(context, endpoint, body);
        case '~delete':
          return (context) => deleteInstance(context, endpoint.type);
      }
      return notServed;
    case 'relation':
      switch (endpoint.call) {
        case '~range':
          return (context, body) => readRange(context, endpoint, body);
        case '~export':
          return (context, body) => exportRelation(context, endpoint.type, endpoint.relation, body);
        case '~list':
        case '~get': {
          const call = endpoint.call;
          return (context, body) => readRelation(context, endpoint.type, endpoint.relation, call, body);
        }
      }
      return notServed;
    case 'accessPointCreate':
      return (context, body) => createInAccessPoint(context, endpoint, body);
    case 'template':
      return (context) => template(context, endpoint.type);
    case 'relationUpdate':
      return (context, body) => updateRelation(context, endpoint, body);
    case 'operation':
      return (context, body) => runOperation(context, endpoint, body);
    case 'uploadToken':
      return (context) => issueUploadToken(context, endpoint.type, endpoint.attribute);
  }
};

/**
 * A service starts with its access check (STYLE): every call on a type answers 403 outside the type's
 * audience before any header or body is read, relation calls included (an admin-only type's relations are
 * admin-only whoever owns the row). Within the audience, calls on stored rows are decided by the row's scope
 * (404, no hint it exists).
 */
export const guardedHandlerOf = (endpoint: Endpoint): Handler => {
  const handler = handlerOf(endpoint);
  if (endpoint.kind === 'accessPoint' || endpoint.kind === 'accessPointCreate') {
    return handler;
  }
  const { type } = endpoint;
  return (context, body) => {
    assertTypeAudience(type, context.scope);
    return handler(context, body);
  };
};

/**
 * Whether a call may change what RecentReads keeps: stored rows among which a user's or a doorman's (an actor's
 * rights) or the configuration.
 */
const mayChangeRecentReads = (registry: Registry, endpoint: Endpoint): boolean => {
  switch (endpoint.kind) {
    case 'operation':
      return operationOf(registry, endpoint.type, endpoint.operation)?.leavesActorsAndSettings !== true;
    case 'accessPoint':
    case 'relation':
    case 'template':
    case 'uploadToken':
      return false;
    case 'instance':
      return endpoint.call === '~update' || endpoint.call === '~delete';
    default:
      return true;
  }
};

/**
 * What an engine call of this request works with: the actor at the request's one instant (every rule, range
 * and flag of the answer sees the same time), its headers and the capabilities. Routes beside the engine
 * that write through it (an import) start from it too.
 */
export const requestContext = async (
  api: FastifyInstance,
  request: FastifyRequest,
  parts: { registry: Registry; mailLimits: MailLimits; files: FileTokens },
): Promise<EngineContext> => ({
  db: api.database.db,
  scope: {
    ...scopeOf(await api.actorOf(request)),
    now: api.clock(),
    origin: originOf(request),
    recall: (key, read) => api.recentReads.get(key, read),
  },
  identifiers: api.signedIdentifiers,
  headers: request.headers,
  urlQuery: request.query as Record<string, unknown>,
  ...parts,
});

/** The engine serves what the capabilities registered (`registry`), knowing none of them. */
export async function judoEngine(
  api: FastifyInstance,
  { registry, mailLimits }: { registry: Registry; mailLimits: MailLimits },
): Promise<void> {
  // One large answer at a time: the JSON work of several would hold every other request behind all of them.
  const heavyLane = createLane(1);
  const files = createFileTokens(loadSigningSecret(api.config.signingSecret));
  const serve =
    (handler: Handler, writes: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      let lanePlace: Promise<() => void> | undefined;
      const context: EngineContext = {
        ...(await requestContext(api, request, { registry, mailLimits, files })),
        heavy: async () => {
          lanePlace ??= heavyLane.acquire();
          await lanePlace;
        },
      };
      try {
        const result = await (writes
          ? handler(context, request.body).finally(() => api.recentReads.forget())
          : handler(context, request.body));
        void reply.headers(result.headers ?? {});
        const notice = result.headers?.[headers.notice];
        if (notice !== undefined) {
          // Who and what, not whom: the address stays out of the log.
          request.log.info(
            { notice, userId: context.scope.userId },
            'a mail to others was withheld: mail budget used up',
          );
        }
        if (result.stream !== undefined) {
          return reply.code(200).send(result.stream);
        }
        if (result.body === undefined) {
          return reply.code(200).type('application/json').send('');
        }
        // Serialised here, once, so an answer over the byte limit is refused instead of sent.
        const payload = JSON.stringify(result.body);
        if (Buffer.byteLength(payload) > ANSWER_LIMITS.maxBytes) {
          throw new ValidationError([
            {
              code: 'ANSWER_TOO_LARGE',
              level: 'ERROR',
              location: '',
              details: { limit: ANSWER_LIMITS.maxBytes },
            },
          ]);
        }
        return reply.code(200).type('application/json; charset=utf-8').send(payload);
      } finally {
        if (lanePlace !== undefined) {
          (await lanePlace)();
        }
      }
    };
  for (const endpoint of endpoints()) {
    api.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { describe: endpointOperation(endpoint) },
      handler: serve(guardedHandlerOf(endpoint), mayChangeRecentReads(registry, endpoint)),
    });
  }
}
