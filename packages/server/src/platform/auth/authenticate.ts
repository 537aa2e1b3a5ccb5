import type { FastifyInstance } from 'fastify';
import { AuthenticationError } from '../errors.ts';
import { bearerToken, type TokenIdentity, type TokenVerifier } from './token-verifier.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a bearer token (only ~meta and health). */
    public?: boolean;
  }
  interface FastifyRequest {
    tokenIdentity: TokenIdentity | null;
  }
}

/** Every route of the scope needs a valid bearer token unless its config says `public: true`. */
export function registerAuthentication(api: FastifyInstance, verify: TokenVerifier): void {
  api.decorateRequest('tokenIdentity', null);
  api.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public === true) {
      return;
    }
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) {
      throw new AuthenticationError('AUTHENTICATION_REQUIRED');
    }
    request.tokenIdentity = await verify(token);
  });
}
