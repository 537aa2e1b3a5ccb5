import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AuthenticationError } from '../domain/errors.ts';
import { type Actor, type ProvisioningPolicy, resolveActor } from '../domain/resolve-actor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The signed-in user of an authenticated /api request, provisioned on first sign-in;
     * throws the 401/403 errors of DESIGN §5. Resolved once per request.
     */
    actorOf: (request: FastifyRequest) => Promise<Actor>;
  }
}

export function registerActorResolution(
  api: FastifyInstance,
  db: Kysely<DB>,
  policy: ProvisioningPolicy,
): void {
  const resolved = new WeakMap<FastifyRequest, Promise<Actor>>();
  api.decorate('actorOf', (request: FastifyRequest) => {
    const known = resolved.get(request);
    if (known !== undefined) {
      return known;
    }
    if (request.tokenIdentity === null) {
      return Promise.reject(new AuthenticationError('AUTHENTICATION_REQUIRED'));
    }
    const actor = resolveActor(db, request.tokenIdentity, policy);
    resolved.set(request, actor);
    return actor;
  });
}
