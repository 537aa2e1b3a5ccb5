import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths that belong to the server, never to the SPA's client-side router. */
const SERVER_PREFIXES = ['/api', '/idp', '/ParkHere', '/i18n', '/assets'];

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return false;
  }
  const pathname = request.url.split('?', 1)[0] ?? '/';
  if (SERVER_PREFIXES.some((prefix) => isUnder(pathname, prefix))) {
    return false;
  }
  return (request.headers.accept ?? '').includes('text/html');
}

const NOT_BUILT_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>ParkHere is not built</title></head>
<body><h1>The web app is not built</h1>
<p>The server runs, but the web app has not been built yet. Run <code>npm run build</code> and restart the server.</p>
</body></html>`;

/**
 * The built web app at `/`: hashed assets cached for good, index.html revalidated every time,
 * and every other HTML navigation answered with index.html for the client-side router.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // Routes for the files present at start only, so unknown paths reach the fallback below.
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!wantsSpaPage(request)) {
      void reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return;
    }
    if (!built) {
      void reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(NOT_BUILT_PAGE);
      return;
    }
    void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
