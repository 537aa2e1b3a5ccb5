import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AuthenticationError } from '../domain/errors.ts';
import {
  type Actor,
  type ProvisioningPolicy,
  recordLocale,
  requestedLocale,
  resolveActor,
} from '../domain/resolve-actor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The signed-in user of an authenticated /api request, provisioned on first sign-in;
     * throws the 401/403 errors of DESIGN §5. Resolved once per request.
     */
    actorOf: (request: FastifyRequest) => Promise<Actor>;
    /** Drops every remembered actor: call after a write that may change a user or a doorman. */
    forgetActors: () => void;
  }
}

/**
 * How long a resolved actor serves the same token holder's next requests. Every write through this server
 * forgets them at once; another instance sharing the database sees a change of a user's rights (deactivated,
 * no longer an administrator or a doorman) within this time.
 */
export const ACTOR_TTL_MS = 3_000;
const MAX_ACTORS = 10_000;

export function registerActorResolution(
  api: FastifyInstance,
  db: Kysely<DB>,
  policy: ProvisioningPolicy,
): void {
  const resolved = new WeakMap<FastifyRequest, Promise<Actor>>();
  // A request is mostly a token check and one statement; the actor's lookup was a second round trip per call.
  const recent = new Map<string, { actor: Actor; until: number }>();
  // Bumped by every forget, so a lookup that started before a write never stores what the write changed.
  let generation = 0;

  const lookUp = async (key: string, request: FastifyRequest): Promise<Actor> => {
    const identity = request.tokenIdentity;
    if (identity === null) {
      throw new AuthenticationError('AUTHENTICATION_REQUIRED');
    }
    const known = recent.get(key);
    if (known !== undefined && known.until > Date.now()) {
      return { ...known.actor, identity };
    }
    const startedAt = generation;
    const resolved = await resolveActor(db, identity, policy);
    const language = request.headers['accept-language'];
    const actor = { ...resolved, user: await recordLocale(db, resolved.user, requestedLocale(language)) };
    if (startedAt === generation) {
      if (recent.size >= MAX_ACTORS) {
        recent.clear();
      }
      recent.set(key, { actor, until: Date.now() + ACTOR_TTL_MS });
    }
    return actor;
  };

  api.decorate('forgetActors', () => {
    generation += 1;
    recent.clear();
  });
  api.decorate('actorOf', (request: FastifyRequest) => {
    const known = resolved.get(request);
    if (known !== undefined) {
      return known;
    }
    const identity = request.tokenIdentity;
    if (identity === null) {
      return Promise.reject(new AuthenticationError('AUTHENTICATION_REQUIRED'));
    }
    const actor = lookUp(
      JSON.stringify([identity.subject, identity.email, identity.preferredUsername, identity.name]),
      request,
    );
    resolved.set(request, actor);
    return actor;
  });
}
