import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { KindStats } from '../jobs/queue-stats.ts';
import type { DeclaredCounter } from './counter.ts';

/** The database pool's connections as pg.Pool counts them (PGlite's pool holds its one session). */
export type PoolUse = { totalCount: number; idleCount: number; waitingCount: number };

export type MetricsSources = {
  pool: PoolUse;
  /** The job queue per kind, read when Prometheus scrapes. */
  queue: () => Promise<KindStats[]>;
  /** The counters the modules and the platform declared (the root's metrics.ts lists them). */
  declared: readonly DeclaredCounter[];
};

/** A gauge whose values are read afresh at each scrape. */
const gaugeOf = (
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: (gauge: Gauge) => unknown,
) =>
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      await read(this);
    },
  });

/** One queue figure per kind, all read by one statement per scrape. */
const QUEUE_GAUGES = {
  parkhere_jobs_due: ['Jobs due to run and not yet done.', (stats: KindStats) => stats.due],
  parkhere_jobs_oldest_due_seconds: [
    'How long the oldest due job has waited (0 when none waits).',
    (stats: KindStats) => stats.oldestDueSeconds,
  ],
  parkhere_jobs_retrying: [
    'Jobs that failed and wait for another attempt.',
    (stats: KindStats) => stats.retrying,
  ],
  parkhere_jobs_dead: [
    'Jobs that failed their last attempt (see Failed jobs).',
    (stats: KindStats) => stats.dead,
  ],
} as const;

/**
 * The app's registry: the HTTP histogram (observed by `observeRequests`), the pool, the queue per kind and the
 * declared counters. One registry per app, so two apps in one process (tests) each answer their own.
 */
export function createMetricsRegistry(sources: MetricsSources): Registry {
  const registry = new Registry();
  for (const counter of sources.declared) {
    registry.registerMetric(counter);
  }
  const { pool } = sources;
  gaugeOf(
    registry,
    'parkhere_db_pool_connections',
    'Database pool connections by state.',
    ['state'],
    (gauge) => {
      gauge.set({ state: 'total' }, pool.totalCount);
      gauge.set({ state: 'idle' }, pool.idleCount);
      gauge.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    },
  );
  gaugeOf(registry, 'parkhere_db_pool_waiting', 'Queries waiting for a pool connection.', [], (gauge) =>
    gauge.set(pool.waitingCount),
  );
  // The first gauge read at a scrape reads the queue; the others take that same reading.
  let reading: Promise<KindStats[]> | undefined;
  const stats = () => {
    reading ??= sources.queue().finally(() => setImmediate(() => (reading = undefined)));
    return reading;
  };
  for (const [name, [help, figure]] of Object.entries(QUEUE_GAUGES)) {
    gaugeOf(registry, name, help, ['kind'], async (gauge) => {
      gauge.reset();
      for (const kind of await stats()) {
        gauge.set({ kind: kind.kind }, figure(kind));
      }
    });
  }
  return registry;
}

/** Every answer's duration by method, route pattern (never the URL: one series per route) and status. */
export function observeRequests(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'parkhere_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
