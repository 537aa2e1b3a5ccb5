import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_BASE } from '@parkhere/contract';
import type { FastifyInstance } from 'fastify';

/*
 * `GET /api/docs`: the description rendered by Swagger UI, served from the installed `swagger-ui-dist` (no
 * CDN). The page has no inline script, so the app's Content-Security-Policy holds for it unchanged.
 * Authorize signs in with the provider of the description's `openIdConnect` scheme (embedded or external) by
 * the authorization code flow with PKCE, as the public client the web app is, in a pop-up: the provider sends
 * the code to `/api/docs/oauth2-redirect.html`, which hands it to the page that asked, and Swagger UI exchanges
 * it with its code verifier and sends the access token as a bearer. Not by `window.opener`, as swagger-ui-dist's
 * own redirect page does: every page here is sent with `Cross-Origin-Opener-Policy: same-origin`, so a pop-up
 * that passed through an external provider's pages has no opener any more. The answer goes by a
 * BroadcastChannel instead, which only pages of this origin share, and the page that asked takes it only when
 * its `state` is the one it sent.
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

/** The scopes Authorize asks for: the user's identity and email, what the API finds its user by. */
const API_DOCS_SCOPES = ['openid', 'profile', 'email'];

const OAUTH2_REDIRECT_PATH = `${API_BASE}${DOCS}/oauth2-redirect.html`;

const CHANNEL = 'parkhere-api-docs-oauth2';

/** The pop-up's last page: hands the provider's answer (its query, or fragment) to the page that asked. */
const redirectPage = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>ParkHere API: signed in</title>
  </head>
  <body>
    <p>Back from the sign-in. This window closes by itself; if it stays open, close it.</p>
    <script src="${API_BASE}${DOCS}/oauth2-redirect.js"></script>
  </body>
</html>
`;

const redirectScript = `(function () {
  var answer = window.location.hash.length > 1 ? window.location.hash.substring(1) : window.location.search.substring(1);
  var channel = new BroadcastChannel('${CHANNEL}');
  channel.postMessage(answer);
  channel.close();
  window.close();
})();
`;

/*
 * What Swagger UI's redirect page does with the answer, in the page that asked (Swagger UI leaves the request it
 * is waiting for at window.swaggerUIRedirectOauth2): an answer of another state is another tab's, and left alone.
 */
const receiveAnswer = `  var channel = new BroadcastChannel('${CHANNEL}');
  channel.onmessage = function (event) {
    var waiting = window.swaggerUIRedirectOauth2;
    var answer = new URLSearchParams(String(event.data));
    if (!waiting || answer.get('state') !== waiting.state) {
      return;
    }
    delete window.swaggerUIRedirectOauth2;
    var code = answer.get('code');
    if (code) {
      waiting.auth.code = code;
      waiting.callback({ auth: waiting.auth, redirectUrl: waiting.redirectUrl });
      return;
    }
    waiting.errCb({
      authId: waiting.auth.name,
      source: 'auth',
      level: 'error',
      message: '[' + (answer.get('error') || 'no code') + ']: ' + (answer.get('error_description') || 'the provider sent no code'),
    });
  };
`;

// The validator badge would load an image from validator.swagger.io: off, the document is validated in CI.
const initializerOf = (clientId: string) => `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${API_BASE}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'none',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    oauth2RedirectUrl: window.location.origin + '${OAUTH2_REDIRECT_PATH}',
    // Names the flow "authorization_code with PKCE" in Authorize; initOAuth's makes the challenge.
    usePkceWithAuthorizationCodeGrant: true,
  });
  window.ui.initOAuth({
    clientId: ${JSON.stringify(clientId)},
    scopes: ${JSON.stringify(API_DOCS_SCOPES)},
    usePkceWithAuthorizationCodeGrant: true,
  });
${receiveAnswer}});
`;

type Asset = { file: string; body: () => string | Buffer; type: string; summary: string };

const fromPackage = (name: string) => {
  let bytes: Buffer | undefined;
  return () => {
    bytes ??= readFileSync(path.join(assetsDir, name));
    return bytes;
  };
};

const assetsOf = (clientId: string): Asset[] => [
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
    body: () => initializerOf(clientId),
    type: 'text/javascript; charset=utf-8',
    summary: 'Starts Swagger UI on this server’s description, signing in with code and PKCE',
  },
  {
    file: '/oauth2-redirect.html',
    body: () => redirectPage,
    type: 'text/html; charset=utf-8',
    summary: 'Where the provider returns Authorize’s code, for the page that opened it',
  },
  {
    file: '/oauth2-redirect.js',
    body: () => redirectScript,
    type: 'text/javascript; charset=utf-8',
    summary: 'Hands the provider’s answer to the Swagger UI that asked',
  },
];

/** `clientId`: the public client Authorize signs in as (the web app's, OIDC_CLIENT_ID). */
export async function apiDocsPage(api: FastifyInstance, options: { clientId: string }): Promise<void> {
  for (const asset of assetsOf(options.clientId)) {
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
