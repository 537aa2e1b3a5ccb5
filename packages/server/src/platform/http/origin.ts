import type { FastifyRequest } from 'fastify';
import type { Origin } from '../db/actor-stamp.ts';

/** A user agent longer than this is kept cut: it says which client it was, not a payload to store. */
const MAX_USER_AGENT = 512;

/** Where a request came from, for the audit log's stamp: `request.ip` honours TRUSTED_PROXIES only. */
export const originOf = (request: FastifyRequest): Origin => {
  const agent = request.headers['user-agent'];
  return {
    address: request.ip,
    ...(typeof agent === 'string' && agent !== '' ? { userAgent: agent.slice(0, MAX_USER_AGENT) } : {}),
  };
};
