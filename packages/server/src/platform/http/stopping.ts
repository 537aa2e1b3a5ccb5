import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An orchestrator's probe (`/health/live`, `/health/ready`): answered until the server has stopped. */
    probe?: boolean;
  }
}

/** Whether the server still takes traffic: what `/health/ready` says. */
export type Readiness = { ready(): boolean };

/**
 * A shutdown in the order load balancers need. At once `/health/ready` says not ready while everything is still
 * served for `drainSeconds` (SHUTDOWN_DRAIN_SECONDS), so that their probes see it and send no more; then the
 * server stops listening and, while the requests under way finish, answers any other request on a kept-alive
 * connection 503. The probes keep answering to the end, `/health/live` 200 (Fastify's own 503 while closing
 * would answer them too, so it is off).
 */
export function registerStopping(app: FastifyInstance, drainSeconds: number): Readiness {
  let phase: 'serving' | 'draining' | 'closing' = 'serving';
  app.addHook('preClose', async () => {
    phase = 'draining';
    await sleep(drainSeconds * 1000);
    phase = 'closing';
  });
  app.addHook('onRequest', async (request, reply) => {
    if (phase === 'closing' && request.routeOptions.config.probe !== true) {
      return reply.code(503).header('connection', 'close').send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The server is shutting down',
      });
    }
  });
  return { ready: () => phase === 'serving' };
}
