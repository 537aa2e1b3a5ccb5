import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
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
 * server forgets them at once, and every instance forgets them when what they are read from changes anywhere
 * (RECENT_READS_CHANGED); this bounds what a lost signal could leave.
 */
export const RECENT_READS_TTL_MS = 3_000;

/**
 * The channel migration 0036's triggers signal on when a user, a doorman or the rule settings change, on
 * commit, whichever instance or path changed them: a deactivated user's next request is refused everywhere.
 */
export const RECENT_READS_CHANGED = 'recent_reads_changed';

export async function registerActorResolution(
  api: FastifyInstance,
  { db, listen }: Pick<Database, 'db' | 'listen'>,
  provisioning: Provisioning,
): Promise<void> {
  const resolved = new WeakMap<FastifyRequest, Promise<Actor>>();
  const recent = new RecentReads(RECENT_READS_TTL_MS);
  // Forgetting everything is simpler than finding the token identities that name a user, and rare enough.
  await listen(RECENT_READS_CHANGED, () => recent.forget());

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
