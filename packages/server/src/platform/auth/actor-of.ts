import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AuthenticationError } from '../errors.ts';
import { originOf } from '../http/origin.ts';
import { RecentReads } from './recent-reads.ts';
import {
  type Actor,
  type Provisioning,
  recordLocale,
  requestedLocale,
  resolveActor,
} from './resolve-actor.ts';
import type { TokenIdentity } from './token-verifier.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The signed-in user of an authenticated /api request, provisioned on first sign-in;
     * throws the 401/403 errors of DESIGN §5. Resolved once per request.
     */
    actorOf: (request: FastifyRequest) => Promise<Actor>;
    /** Actors and rule settings read recently; `forget()` after every write. */
    recentReads: RecentReads;
  }
}

/**
 * How long a resolved actor (and the other recent reads) serve the next requests. Every write through this
 * server forgets them at once; another instance sharing the database sees a change of a user's rights
 * (deactivated, no longer an administrator or a doorman) within this time.
 */
export const RECENT_READS_TTL_MS = 3_000;

export function registerActorResolution(
  api: FastifyInstance,
  db: Kysely<DB>,
  provisioning: Provisioning,
): void {
  const resolved = new WeakMap<FastifyRequest, Promise<Actor>>();
  const recent = new RecentReads(RECENT_READS_TTL_MS);

  // The request that provisions the user or records their language is where the audit log says it came from.
  const lookUp = (identity: TokenIdentity, request: FastifyRequest): Promise<Actor> =>
    recent.get(`actor:${JSON.stringify(identity)}`, async () => {
      const origin = originOf(request);
      const found = await resolveActor(db, identity, provisioning, origin);
      const locale = requestedLocale(request.headers['accept-language']);
      return { ...found, user: await recordLocale(db, provisioning.users, found.user, locale, origin) };
    });

  api.decorate('recentReads', recent);
  api.decorate('actorOf', (request: FastifyRequest) => {
    const known = resolved.get(request);
    if (known !== undefined) {
      return known;
    }
    const identity = request.tokenIdentity;
    if (identity === null) {
      return Promise.reject(new AuthenticationError('AUTHENTICATION_REQUIRED'));
    }
    const actor = lookUp(identity, request);
    resolved.set(request, actor);
    return actor;
  });
}
