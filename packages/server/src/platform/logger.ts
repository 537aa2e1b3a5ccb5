import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Query strings carry OIDC codes, states and sometimes tokens: they never reach the log. */
export function withoutQuery(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

/**
 * What a line says was asked for: the pattern of the route that answered, so a path parameter that is a secret
 * (the check-in link's token, the calendar feed's) never reaches the log; the path without its query where no
 * pattern says it (a wildcard such as the embedded provider's, or no route: the web app's files and pages).
 */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  return pattern === undefined || pattern.includes('*') ? withoutQuery(request.url) : pattern;
}

/**
 * One line per request, written once it is answered: method, route, status, duration (ms) and the request id
 * (`reqId`, bound to every line of the request). Fastify's own two lines (received, completed) made a person's
 * morning of clicking thousands of lines. A 4xx adds no line of its own (the status says it); a 5xx still adds
 * its error with the stack, and a client that hangs up mid-answer is only worth a debug line.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else {
      reply.log.info(line, 'request completed');
    }
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) {
      super.defaultErrorLog(error, request, reply);
    }
  }

  override routeNotFound(): void {}

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug('client closed the connection before the answer ended');
    } else {
      super.streamError(error, request, reply);
    }
  }
}

/**
 * Fastify's pino options: JSON lines, no credentials, one line per request. `stream` lets tests read what was
 * logged.
 */
export function loggerOptions(
  level: LogLevel,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level,
      ...(stream === undefined ? {} : { stream }),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-token"]',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: routeOf(request),
          remoteAddress: request.ip,
        }),
      },
    },
    logController: new OneLinePerRequest(),
  };
}
