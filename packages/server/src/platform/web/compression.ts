import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what the server writes at run time (API answers, the IdP's discovery and token answers that pass
 * through Fastify) by the client's Accept-Encoding, brotli first. The built web app is compressed at build time
 * instead (`vite.config.ts`), and `web-app.ts` sends those files as they are: a reply that already carries a
 * Content-Encoding is left alone here. Brotli at quality 4 keeps the CPU cost of a run-time answer near gzip's.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}
