import { type ActorMeta, actorPaths, type HealthResponse, type Principal } from '@parkhere/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { AuthenticationError } from '../domain/errors.ts';
import { type Actor, type ProvisioningPolicy, resolveActor } from '../domain/resolve-actor.ts';
import type { SignedIdentifiers } from './signed-identifier.ts';

export type ActorRoutesOptions = {
  db: Kysely<DB>;
  databaseKind: DatabaseKind;
  policy: ProvisioningPolicy;
  signedIdentifiers: SignedIdentifiers;
  security: ActorMeta['security'][number];
};

export const PRINCIPAL_TYPE = 'ParkHere::Principal';

/** The signed-in user of a request (provisioned on first sign-in); routes call it after authentication. */
export function actorOf(request: FastifyRequest, options: ActorRoutesOptions): Promise<Actor> {
  if (request.tokenIdentity === null) {
    throw new AuthenticationError('AUTHENTICATION_REQUIRED');
  }
  return resolveActor(options.db, request.tokenIdentity, options.policy);
}

export async function actorRoutes(api: FastifyInstance, options: ActorRoutesOptions): Promise<void> {
  api.get(`/${actorPaths.health}`, { config: { public: true } }, async (): Promise<HealthResponse> => {
    return { status: 'ok', database: options.databaseKind };
  });

  api.get(`/${actorPaths.meta}`, { config: { public: true } }, async (): Promise<ActorMeta> => {
    return { security: [options.security] };
  });

  api.get(`/${actorPaths.principal}`, async (request): Promise<Principal> => {
    const { user, isDoorman, identity } = await actorOf(request, options);
    return {
      __signedIdentifier: await options.signedIdentifiers.sign({
        id: user.id,
        type: PRINCIPAL_TYPE,
        version: user.version,
      }),
      __entityType: PRINCIPAL_TYPE,
      preferredUsername: identity.preferredUsername ?? user.email,
      name: user.name,
      email: user.email,
      isAdministrator: user.isAdministrator,
      isDoorman,
      imageSrc: null,
    };
  });
}
