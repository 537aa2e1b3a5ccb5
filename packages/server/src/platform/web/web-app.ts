import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths that belong to the server, never to the SPA's client-side router. */
const SERVER_PREFIXES = ['/api', '/idp', '/ParkHere', '/i18n', '/assets'];

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function pathnameOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

export function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return false;
  }
  const pathname = pathnameOf(request);
  if (SERVER_PREFIXES.some((prefix) => isUnder(pathname, prefix))) {
    return false;
  }
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) {
    return true;
  }
  // curl and load balancers send `*/*` (or nothing): they get the page too, but a missing file such as
  // /favicon.ico or /.well-known/openid-configuration stays a 404 rather than an HTML page under its name.
  const anything = accept.trim() === '' || accept.split(',').some((type) => type.trim().startsWith('*/*'));
  return anything && !pathname.includes('.');
}

/** The built file a GET asks for, relative to the build, when it exists inside the build. */
function builtFile(webDist: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const absolute = path.resolve(webDist, `.${path.posix.normalize(decoded)}`);
  if (!absolute.startsWith(webDist + path.sep)) {
    return undefined;
  }
  try {
    return statSync(absolute).isFile() ? path.relative(webDist, absolute) : undefined;
  } catch {
    return undefined;
  }
}

const NOT_BUILT_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>ParkHere is not built</title></head>
<body><h1>The web app is not built</h1>
<p>The server runs, but the web app has not been built yet. Run <code>npm run build</code>, then reload this page.</p>
</body></html>`;

/**
 * The built web app at `/`: hashed assets cached for good, everything else revalidated, and
 * every other HTML navigation answered with index.html for the client-side router. Files are
 * looked up on each request, so a rebuild is served without a restart.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  // Only the sendFile decorator (ETag, ranges, safe paths); the routing is below. `preCompressed` sends the
  // build's .br or .gz twin by the request's Accept-Encoding (with Vary), and the file itself when it has none.
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });

  app.setNotFoundHandler((request, reply) => {
    const pathname = pathnameOf(request);
    const readable = request.method === 'GET' || request.method === 'HEAD';
    const isServerPath = ['/api', '/idp', '/ParkHere'].some((prefix) => isUnder(pathname, prefix));
    const file = readable && !isServerPath ? builtFile(root, pathname) : undefined;
    if (file !== undefined) {
      const immutable = isUnder(pathname, '/assets');
      void reply
        .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        // The answer depends on Accept-Encoding (a .br or .gz twin, or the file): caches must keep them apart.
        .header('Vary', 'Accept-Encoding')
        .sendFile(file);
      return;
    }
    if (!wantsSpaPage(request)) {
      void reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return;
    }
    if (!existsSync(path.join(root, 'index.html'))) {
      void reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(NOT_BUILT_PAGE);
      return;
    }
    void reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').sendFile('index.html');
  });
}
