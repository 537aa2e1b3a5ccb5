import {
  BUSINESS_FAULT_NAME,
  type BusinessFaultBody,
  type ErrorBody,
  errorRefs,
  headers,
} from '@parkhere/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  AuthenticationError,
  BusinessError,
  ConflictError,
  EntityNotFoundError,
  ForbiddenError,
  ValidationError,
} from '../errors.ts';

export type ValidationBody = ValidationError['items'];

export type HttpError = {
  status: number;
  body: ErrorBody | BusinessFaultBody | ValidationBody;
  headers?: Record<string, string>;
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).code === 'string';
}

const internal: HttpError = { status: 500, body: { code: 'INTERNAL_SERVER_ERROR' } };

/** The one mapping from thrown errors to the HTTP answers of DESIGN §5. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof AuthenticationError) {
    return {
      status: 401,
      body: { code: error.code },
      headers: {
        'WWW-Authenticate':
          error.code === 'ACCESS_TOKEN_EXPIRED'
            ? 'Bearer error="invalid_token", error_description="The access token expired"'
            : 'Bearer',
      },
    };
  }
  if (error instanceof ForbiddenError) {
    return { status: 403, body: { code: error.code } };
  }
  if (error instanceof EntityNotFoundError) {
    return { status: 404, body: { code: 'ENTITY_NOT_FOUND' } };
  }
  if (error instanceof ConflictError) {
    return {
      status: 409,
      body: error.details === undefined ? { code: error.code } : { code: error.code, details: error.details },
    };
  }
  if (error instanceof ValidationError) {
    return { status: 400, body: error.items };
  }
  if (error instanceof BusinessError) {
    return {
      status: 422,
      body: {
        [BUSINESS_FAULT_NAME]: { errorCode: error.errorCode, message: error.message },
        code: error.errorCode,
        ...(error.details === undefined ? {} : { details: error.details }),
      },
      headers: { [headers.fault]: BUSINESS_FAULT_NAME },
    };
  }
  if (isFastifyError(error)) {
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return { status: 400, body: [{ code: 'INVALID_JSON', level: 'ERROR', location: '' }] };
      case 'FST_ERR_VALIDATION':
        return { status: 400, body: [{ code: 'CONVERSION_FAILED', level: 'ERROR', location: '' }] };
      default:
        break;
    }
    // Fastify's own client errors (body too large, bad media type) keep their status, without internals.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return { status, body: [{ code: 'INVALID_REQUEST', level: 'ERROR', location: '' }] };
    }
  }
  return internal;
}

/**
 * JSON bodies with the prototype-poisoning guard of Fastify's own parser, except that an empty
 * body is no body: clients send the JSON content type on calls that take none (SPEC §7).
 */
function registerLenientJsonParser(api: FastifyInstance): void {
  const strict = api.getDefaultJsonParser('error', 'error');
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') {
      done(null, undefined);
      return;
    }
    strict(request, String(body), done);
  });
}

/**
 * What the scope's body parsing may answer any call that carries a body, whatever its route: malformed JSON
 * (400), a body over the limit (413), a media type no parser takes (415). Each such route's description lists
 * them, beside what the route itself answers.
 */
function describeBodyRefusals(api: FastifyInstance): void {
  const refusals = errorRefs(['400', '413', '415']);
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const described = route.config?.describe;
    if (described === undefined || methods.every((method) => method === 'GET' || method === 'HEAD')) {
      return;
    }
    route.config = {
      ...route.config,
      describe: { ...described, responses: { ...refusals, ...described.responses } },
    };
  });
}

/** Installs the mapping, the JSON 404 for unknown routes and the JSON body parser on an API scope. */
export function registerApiErrorHandling(api: FastifyInstance): void {
  registerLenientJsonParser(api);
  describeBodyRefusals(api);
  api.setErrorHandler((error, request, reply) => {
    const mapped = toHttpError(error);
    if (mapped.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    void reply
      .code(mapped.status)
      .headers(mapped.headers ?? {})
      .send(mapped.body);
  });
  api.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ code: 'ENTITY_NOT_FOUND' } satisfies ErrorBody);
  });
}
