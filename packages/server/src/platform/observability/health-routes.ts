import { actorPaths, HealthResponse, jsonAnswer, jsonSchemaOf, ProbeResponse } from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { actorCall as described } from '../http/actor-routes.ts';
import type { Readiness } from '../http/stopping.ts';
import { type KindStats, queueStats } from '../jobs/queue-stats.ts';
import type { MailOutcomes } from './mail-outcomes.ts';
import { sharedFor } from './shared-for.ts';

export type HealthOptions = {
  databaseKind: DatabaseKind;
  db: Executor;
  /** The app's clock: a job is due by it. */
  now: () => Date;
  /** HEALTH_QUEUE_AGE_SECONDS: a due job waiting longer makes the answer `degraded`. */
  queueAgeLimitSeconds: number;
  /** HEALTH_CACHE_SECONDS: how long one reading of the queue answers every `/health` (0: each reads it). */
  cacheSeconds: number;
  /** Whether the server takes traffic: not once it is shutting down. */
  readiness: Readiness;
  /** This instance's mail deliveries: is the latest a failure? */
  mailOutcomes: MailOutcomes;
};

/**
 * Why the server is degraded: this instance's latest mail failed (read live: it is in memory), or a kind's
 * oldest due job waits too long by `stats`.
 */
async function degradedReasons(
  options: HealthOptions,
  stats: () => Promise<readonly KindStats[]>,
): Promise<string[]> {
  const mail = options.mailOutcomes.last();
  const reasons =
    mail === undefined || mail.ok
      ? []
      : [`mail is failing: the latest delivery failed at ${mail.at.toISOString()}`];
  for (const kind of await stats()) {
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
  // The answer is public: a flood of probes shares one reading of the queue instead of loading the database.
  const stats = sharedFor(options.cacheSeconds * 1000, () => queueStats(options.db, options.now()));
  const health = described('Health', {
    '200': jsonAnswer('Serving; `degraded` names what is failing.', jsonSchemaOf(HealthResponse)),
  });
  api.get(`/${actorPaths.health}`, { config: { public: true, describe: health } }, async () => {
    const reasons = await degradedReasons(options, stats);
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
    { config: { public: true, probe: true, describe: live } },
    async (): Promise<ProbeResponse> => ({
      status: 'live',
    }),
  );
  const ready = described('Readiness', {
    '200': jsonAnswer('Takes traffic.', probe),
    '503': jsonAnswer('Shutting down: send no more traffic.', probe),
  });
  api.get(
    `/${actorPaths.ready}`,
    { config: { public: true, probe: true, describe: ready } },
    async (_request, reply) => {
      const taking = options.readiness.ready();
      const answer: ProbeResponse = { status: taking ? 'ready' : 'not-ready' };
      return reply.code(taking ? 200 : 503).send(answer);
    },
  );
}
