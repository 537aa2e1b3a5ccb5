import { type ActorMeta, actorPaths, type HealthResponse, type Principal } from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../db/database.ts';
import type { SignedIdentifiers } from './signed-identifier.ts';

export type ActorRoutesOptions = {
  databaseKind: DatabaseKind;
  signedIdentifiers: SignedIdentifiers;
  security: ActorMeta['security'][number];
};

export const PRINCIPAL_TYPE = 'ParkHere::Principal';

export async function actorRoutes(api: FastifyInstance, options: ActorRoutesOptions): Promise<void> {
  api.get(`/${actorPaths.health}`, { config: { public: true } }, async (): Promise<HealthResponse> => {
    return { status: 'ok', database: options.databaseKind };
  });

  api.get(`/${actorPaths.meta}`, { config: { public: true } }, async (): Promise<ActorMeta> => {
    return { security: [options.security] };
  });

  api.get(`/${actorPaths.principal}`, async (request): Promise<Principal> => {
    const { user, isDoorman, identity } = await api.actorOf(request);
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
