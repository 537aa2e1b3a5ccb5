import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Registry } from 'prom-client';
import { bearerMatcher } from '../http/bearer-token.ts';

export const METRICS_PATH = '/metrics';

export type MetricsAccess = {
  /** METRICS_TOKEN: the bearer token a scraper sends; unset, the main port answers 404. */
  token: string | undefined;
  /** METRICS_PORT: when set, /metrics is served there only (with the token too, when one is set). */
  port: number | undefined;
  host: string;
};

const refuse = (reply: FastifyReply, status: 401 | 404, text: string) =>
  reply.code(status).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(text);

/** `GET /metrics` on `server`: the registry in Prometheus's text format, behind the token when there is one. */
function serveMetrics(server: FastifyInstance, registry: Registry, token: string | undefined): void {
  const authorized = token === undefined ? () => true : bearerMatcher(token);
  server.get(METRICS_PATH, async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      return refuse(
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"'),
        401,
        'A valid bearer token is required',
      );
    }
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}

/**
 * Where /metrics answers: with METRICS_PORT on a listener of its own (started and stopped with the app, so the
 * main port answers 404), else on the main port behind METRICS_TOKEN, and nowhere (404) without either.
 */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  registry: Registry,
  access: MetricsAccess,
): void {
  const { port, token } = access;
  if (port === undefined && token !== undefined) {
    serveMetrics(app, registry, token);
    return;
  }
  // Declared, so the web app's fallback never answers it with the page.
  app.get(METRICS_PATH, async (_request, reply) => refuse(reply, 404, 'Not found'));
  if (port === undefined) {
    return;
  }
  const metricsServer = Fastify({ logger: false });
  serveMetrics(metricsServer, registry, token);
  app.addHook('onListen', async () => {
    await metricsServer.listen({ port, host: access.host });
  });
  app.addHook('onClose', async () => {
    await metricsServer.close();
  });
}
