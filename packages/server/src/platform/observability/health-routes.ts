import { actorPaths, HealthResponse, jsonAnswer, jsonSchemaOf, ProbeResponse } from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { actorCall as described } from '../http/actor-routes.ts';
import { queueStats } from '../jobs/queue-stats.ts';
import { lastMailOutcome } from './mail-outcomes.ts';

export type HealthOptions = {
  databaseKind: DatabaseKind;
  db: Executor;
  /** The app's clock: a job is due by it. */
  now: () => Date;
  /** HEALTH_QUEUE_AGE_SECONDS: a due job waiting longer makes the answer `degraded`. */
  queueAgeLimitSeconds: number;
};

/** Why the server is degraded: this instance's latest mail failed, or a kind's oldest due job waits too long. */
export async function degradedReasons(options: HealthOptions): Promise<string[]> {
  const mail = lastMailOutcome();
  const reasons =
    mail === undefined || mail.ok
      ? []
      : [`mail is failing: the latest delivery failed at ${mail.at.toISOString()}`];
  for (const kind of await queueStats(options.db, options.now())) {
    if (kind.oldestDueSeconds > options.queueAgeLimitSeconds) {
      reasons.push(
        `queue ${kind.kind}: the oldest due job has waited ${Math.round(kind.oldestDueSeconds)} s (limit ${options.queueAgeLimitSeconds} s)`,
      );
    }
  }
  return reasons;
}

/**
 * The health answers, without sign-in: `/health` for people and monitors (200, `degraded` with reasons),
 * `/health/live` (the process answers) and `/health/ready` (it takes traffic: 503 once shutting down; while
 * migrations run at start nothing listens yet) for orchestrators' probes.
 */
export async function healthRoutes(api: FastifyInstance, options: HealthOptions): Promise<void> {
  let closing = false;
  api.addHook('preClose', async () => {
    closing = true;
  });
  const health = described('Health', {
    '200': jsonAnswer('Serving; `degraded` names what is failing.', jsonSchemaOf(HealthResponse)),
  });
  api.get(`/${actorPaths.health}`, { config: { public: true, describe: health } }, async () => {
    const reasons = await degradedReasons(options);
    const answer: HealthResponse = {
      status: reasons.length === 0 ? 'ok' : 'degraded',
      database: options.databaseKind,
      reasons,
    };
    return answer;
  });
  const probe = jsonSchemaOf(ProbeResponse);
  const live = described('Liveness', { '200': jsonAnswer('The process answers.', probe) });
  api.get(
    `/${actorPaths.live}`,
    { config: { public: true, describe: live } },
    async (): Promise<ProbeResponse> => ({
      status: 'live',
    }),
  );
  const ready = described('Readiness', {
    '200': jsonAnswer('Takes traffic.', probe),
    '503': jsonAnswer('Shutting down: send no more traffic.', probe),
  });
  api.get(`/${actorPaths.ready}`, { config: { public: true, describe: ready } }, async (_request, reply) => {
    const answer: ProbeResponse = { status: closing ? 'not-ready' : 'ready' };
    return reply.code(closing ? 503 : 200).send(answer);
  });
}
