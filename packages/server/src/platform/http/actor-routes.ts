import { ActorMeta, actorPaths, errorRefs, jsonAnswer, jsonSchemaOf, Principal } from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';
import type { SignedIdentifiers } from './signed-identifier.ts';

export type ActorRoutesOptions = {
  signedIdentifiers: SignedIdentifiers;
  security: ActorMeta['security'][number];
};

export const PRINCIPAL_TYPE = 'ParkHere::Principal';

/** The OpenAPI description of an Actor call: its answers by status, and who may call it. */
export const actorCall = (
  summary: string,
  answers: Record<string, ReturnType<typeof jsonAnswer>>,
  authenticated = false,
) => ({
  operationId: summary.replace(/\W+/g, '_'),
  summary,
  tags: ['Actor'],
  ...(authenticated ? {} : { security: [] }),
  responses: { ...answers, ...errorRefs(authenticated ? ['401', '403', '500'] : ['500']) },
});

export async function actorRoutes(api: FastifyInstance, options: ActorRoutesOptions): Promise<void> {
  const described = (summary: string, ok: ReturnType<typeof jsonAnswer>, authenticated = false) =>
    actorCall(summary, { '200': ok }, authenticated);
  const meta = described(
    'Identity providers',
    jsonAnswer('The OpenID providers to sign in with: issuer, client id and name.', jsonSchemaOf(ActorMeta)),
  );
  api.get(
    `/${actorPaths.meta}`,
    { config: { public: true, describe: meta } },
    async (): Promise<ActorMeta> => {
      return { security: [options.security] };
    },
  );

  const principal = described(
    'The signed-in user',
    jsonAnswer('Who the access token is, as the app knows them.', jsonSchemaOf(Principal)),
    true,
  );
  api.get(
    `/${actorPaths.principal}`,
    { config: { describe: principal } },
    async (request): Promise<Principal> => {
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
    },
  );
}
