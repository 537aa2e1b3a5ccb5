import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_BASE } from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';

/*
 * `GET /api/docs`: the description rendered by Swagger UI, served from the installed `swagger-ui-dist` (no
 * CDN). The page has no inline script, so the app's Content-Security-Policy holds for it unchanged.
 */

const DOCS = '/docs';

const assetsDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>ParkHere API</title>
    <link rel="stylesheet" href="${API_BASE}${DOCS}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_BASE}${DOCS}/swagger-ui-bundle.js"></script>
    <script src="${API_BASE}${DOCS}/initializer.js"></script>
  </body>
</html>
`;

// The validator badge would load an image from validator.swagger.io: off, the document is validated in CI.
const initializer = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${API_BASE}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'none',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

type Asset = { file: string; body: () => string | Buffer; type: string; summary: string };

const fromPackage = (name: string) => {
  let bytes: Buffer | undefined;
  return () => {
    bytes ??= readFileSync(path.join(assetsDir, name));
    return bytes;
  };
};

const assets: Asset[] = [
  { file: '', body: () => page, type: 'text/html; charset=utf-8', summary: 'The API description, rendered' },
  {
    file: '/swagger-ui.css',
    body: fromPackage('swagger-ui.css'),
    type: 'text/css; charset=utf-8',
    summary: 'Swagger UI styles',
  },
  {
    file: '/swagger-ui-bundle.js',
    body: fromPackage('swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
    summary: 'Swagger UI',
  },
  {
    file: '/initializer.js',
    body: () => initializer,
    type: 'text/javascript; charset=utf-8',
    summary: 'Starts Swagger UI on this server’s description',
  },
];

export async function apiDocsPage(api: FastifyInstance): Promise<void> {
  for (const asset of assets) {
    const media = asset.type.split(';', 1)[0] ?? asset.type;
    api.get(
      `${DOCS}${asset.file}`,
      {
        config: {
          public: true,
          describe: {
            summary: asset.summary,
            tags: ['Description'],
            security: [],
            responses: {
              '200': { description: asset.summary, content: { [media]: { schema: { type: 'string' } } } },
            },
          },
        },
      },
      async (_request, reply) =>
        reply.type(asset.type).header('Cache-Control', 'public, max-age=3600').send(asset.body()),
    );
  }
}
