import { headerParameters, type OperationObject, type Parameter } from './endpoint-operation.ts';
import { errorResponses, errorSchemas } from './error-schemas.ts';
import { type JsonSchema, modelSchemas } from './model-schemas.ts';

/*
 * The OpenAPI 3.1 document of the routes a server registered: each route brings its operation (a model
 * endpoint's from endpointOperation, any other route its own), and the components come from the model.
 */

export type DescribedRoute = {
  method: string;
  /** As the server registered it, e.g. `/api/services/Car/~get` or `/ParkHere/check-in/:token`. */
  url: string;
  operation: OperationObject;
};

export type IdentityProvider = {
  issuer: string;
  clientId: string;
  audience: string;
};

export type OpenApiDocument = {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    parameters: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
};

/** `/ParkHere/check-in/:token` → `/ParkHere/check-in/{token}`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParameters = (url: string): Parameter[] =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

export const openApiDocument = (options: {
  publicUrl: string;
  version: string;
  identity: IdentityProvider;
  routes: readonly DescribedRoute[];
}): OpenApiDocument => {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const ordered = [...options.routes].sort(
    (a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method),
  );
  for (const route of ordered) {
    const path = openApiPath(route.url);
    const fromPath = pathParameters(route.url);
    const operation: OperationObject = {
      ...route.operation,
      ...(fromPath.length === 0 ? {} : { parameters: [...fromPath, ...(route.operation.parameters ?? [])] }),
    };
    for (const tag of operation.tags ?? []) {
      tags.add(tag);
    }
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  const { issuer, clientId, audience } = options.identity;
  return {
    openapi: '3.1.1',
    info: {
      title: 'ParkHere API',
      version: options.version,
      description:
        'Generated from the contract’s model and the routes this server registered. Calls carry an access ' +
        `token of the OpenID provider ${issuer} (client \`${clientId}\`, audience \`${audience}\`) as a bearer token.`,
    },
    servers: [{ url: options.publicUrl }],
    security: [{ openIdConnect: [] }, { bearer: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...modelSchemas(), ...errorSchemas() },
      responses: errorResponses(),
      parameters: headerParameters(),
      securitySchemes: {
        openIdConnect: {
          type: 'openIdConnect',
          openIdConnectUrl: `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
          description: `Sign in with the authorization code flow and PKCE as client \`${clientId}\`.`,
          'x-client-id': clientId,
          'x-audience': audience,
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `An access token of ${issuer} whose audience is \`${audience}\`.`,
        },
      },
    },
  };
};
