import { readFileSync } from 'node:fs';
import {
  API_BASE,
  type DescribedRoute,
  FILES_BASE,
  type IdentityProvider,
  type OpenApiDocument,
  type OperationObject,
  openApiDocument,
} from '@parkhere/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's OpenAPI operation: `GET /api/openapi.json` lists every route of the API by it. */
    describe?: OperationObject;
  }
}

/** A route nobody described still shows, marked, so the description never silently leaves one out. */
export const UNDESCRIBED = 'x-undescribed';

const undescribed = (): OperationObject =>
  ({
    summary: 'Not described',
    [UNDESCRIBED]: true,
    responses: { default: { description: 'Not described.' } },
  }) as OperationObject;

/** The server's own surface: the API and the routes beside it under /ParkHere (not the provider, not the web app). */
const isDescribed = (url: string) => url.startsWith(`${API_BASE}/`) || url.startsWith(`${FILES_BASE}/`);

const methodsOf = (route: RouteOptions): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');

/**
 * Records every route registered after it (the engine's, the platform's and the modules' alike), so the
 * description is of what the server actually serves. Install it before any route.
 */
export function recordRoutes(app: FastifyInstance): () => readonly DescribedRoute[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isDescribed(route.url)) {
      routes.push(route);
    }
  });
  // Read when asked, after every scope's own onRoute hooks have had their say (errors.ts adds its refusals).
  return () =>
    routes.flatMap((route) =>
      methodsOf(route).map((method) => ({
        method,
        url: route.url,
        operation: route.config?.describe ?? undescribed(),
      })),
    );
}

const serverVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

/** `GET /api/openapi.json`: built once, on the first request, when every route is registered. */
export async function openApiRoute(
  api: FastifyInstance,
  options: { routes: () => readonly DescribedRoute[]; publicUrl: string; identity: IdentityProvider },
): Promise<void> {
  let document: string | undefined;
  const build = (): string =>
    JSON.stringify(
      openApiDocument({
        publicUrl: options.publicUrl,
        version: serverVersion(),
        identity: options.identity,
        routes: options.routes(),
      }) satisfies OpenApiDocument,
    );
  api.get(
    '/openapi.json',
    {
      config: {
        public: true,
        describe: {
          operationId: 'openapi',
          summary: 'This description',
          tags: ['Description'],
          security: [],
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document of every route under /api and /ParkHere.',
              content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'paths'] } } },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      document ??= build();
      return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(document);
    },
  );
}
