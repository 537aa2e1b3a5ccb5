import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { BusinessError } from '../../platform/errors.ts';
import { bearerMatcher } from '../../platform/http/bearer-token.ts';
import { groupsRoutes } from './groups-routes.ts';
import { errorBody, SCIM_CONTENT_TYPE, SCIMMY } from './protocol.ts';
import type { ScimEndpoint } from './scim-endpoint.ts';
import { usersRoutes } from './users-routes.ts';

/** The SCIM service (under /scim): off without a token, then every /scim path is 404. */
export type ScimOptions = ScimEndpoint & { token: string | undefined };

const send = (reply: FastifyReply, status: number, detail: string, scimType?: string) =>
  reply
    .code(status)
    .type(SCIM_CONTENT_TYPE)
    .send(errorBody(status, detail, scimType));

/**
 * The refusals a directory's request can cause: a taken email, group name or externalId (a unique index
 * refusing it), a value the user or group (`resource`) cannot hold.
 */
const refusalOf = (
  error: { code?: unknown },
  resource: 'user' | 'group',
): [number, string, string] | undefined => {
  if (error.code === '23505' || (error instanceof BusinessError && error.errorCode === 'USER_EMAIL_TAKEN')) {
    const taken = resource === 'group' ? 'displayName' : 'userName';
    return [409, `A ${resource} with this ${taken} or externalId exists already`, 'uniqueness'];
  }
  if (typeof error.code === 'string' && /^(22|23)/.test(error.code)) {
    return [400, `A value is not one a ${resource} can hold`, 'invalidValue'];
  }
  return undefined;
};

/**
 * Every failure as RFC 7644 §3.12's error: SCIMMY's own with their status and scimType, the User schema's
 * refusal of a value as 400 invalidValue, a body that is not JSON as 400 invalidSyntax, the database's unique
 * indexes as 409 uniqueness. Only a fault of the server is a 500.
 */
function registerScimErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError & { scimType?: string; status?: number }, request, reply) => {
    if (error instanceof SCIMMY.Types.Error) {
      return send(reply, Number(error.status), error.message, error.scimType || undefined);
    }
    if (error instanceof TypeError) {
      return send(reply, 400, error.message, 'invalidValue');
    }
    const refusal = refusalOf(error, /^\/scim\/v2\/Groups\b/i.test(request.url) ? 'group' : 'user');
    if (refusal !== undefined) {
      return send(reply, ...refusal);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, error.message, status === 400 ? 'invalidSyntax' : undefined);
    }
    request.log.error({ err: error }, 'SCIM request failed');
    return send(reply, 500, 'The server failed to answer');
  });
  scope.setNotFoundHandler((_request, reply) => send(reply, 404, 'Not found'));
}

/** ServiceProviderConfig, ResourceTypes and Schemas (RFC 7644 §4), as SCIMMY describes what is declared. */
const discoveryRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (discovery, { publicUrl }) => {
  // SCIMMY locates each at the SCIM path; the directory reaches it at the server's public address.
  const located = (value: unknown) =>
    JSON.parse(JSON.stringify(value), (key, item) =>
      key === 'location' && typeof item === 'string' && item.startsWith('/') ? `${publicUrl}${item}` : item,
    );
  const serve = async (reply: FastifyReply, read: Promise<unknown>) =>
    reply.type(SCIM_CONTENT_TYPE).send(located(await read));
  type Id = { Params: { id: string } };
  const { ResourceType, Schema, ServiceProviderConfig } = SCIMMY.Resources;
  discovery.get('/ServiceProviderConfig', (_request, reply) =>
    serve(reply, new ServiceProviderConfig().read()),
  );
  discovery.get('/ResourceTypes', (_request, reply) => serve(reply, new ResourceType().read()));
  discovery.get<Id>('/ResourceTypes/:id', (request, reply) =>
    serve(reply, new ResourceType(request.params.id).read()),
  );
  discovery.get('/Schemas', (_request, reply) => serve(reply, new Schema().read()));
  discovery.get<Id>('/Schemas/:id', (request, reply) => serve(reply, new Schema(request.params.id).read()));
};

/**
 * `/scim/v2`: the directory's bearer token (SCIM_TOKEN) opens it, a request without it is 401; every answer is
 * `application/scim+json`, bodies are read in it and in plain JSON. Users, and Groups ([Pools], issue 29: the
 * groups administrators keep, with their members) beside them.
 */
export const scimRoutes: FastifyPluginAsync<ScimOptions> = async (scim, options) => {
  registerScimErrors(scim);
  const { token } = options;
  if (token === undefined) {
    return;
  }
  const authorized = bearerMatcher(token);
  scim.addHook('onRequest', async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      await send(
        reply.header('www-authenticate', 'Bearer realm="scim"'),
        401,
        'A valid bearer token is required',
      );
    }
  });
  scim.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string' },
    scim.getDefaultJsonParser('error', 'error'),
  );
  await scim.register(discoveryRoutes, { prefix: '/v2', publicUrl: options.publicUrl });
  await scim.register(usersRoutes, { ...options, prefix: '/v2/Users' });
  await scim.register(groupsRoutes, { ...options, prefix: '/v2/Groups' });
};
