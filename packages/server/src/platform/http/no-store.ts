import type { FastifyInstance } from 'fastify';

/**
 * API answers are one user's data as of the call (their name, bookings, plates), so no cache keeps them: not the
 * browser's, where the next person on a shared computer would find them, nor a proxy's. A route whose answer
 * is public and may be cached says so itself (the API's description, its documentation page).
 */
export function registerNoStore(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
