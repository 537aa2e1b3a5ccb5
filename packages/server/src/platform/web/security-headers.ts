import type { FastifyInstance } from 'fastify';

export type FramePolicy = 'deny' | 'same-origin';

/**
 * Whether a path may be framed by the app itself. The OIDC silent renew loads the web app's
 * callback page and the IdP's authorization endpoint in a hidden same-origin frame; nothing
 * else is ever framed.
 */
export function framePolicyFor(pathname: string): FramePolicy {
  if (pathname === '/idp/auth' || pathname.startsWith('/idp/auth/')) {
    return 'same-origin';
  }
  if (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/idp') ||
    pathname.startsWith('/ParkHere')
  ) {
    return 'deny';
  }
  return 'same-origin';
}

export type SecurityHeaderOptions = {
  /** The external identity provider's origin, if any: the app talks to it and posts forms there. */
  externalOrigin?: string | undefined;
  /** The app is reached over https (PUBLIC_URL): browsers are told to keep to it. */
  https: boolean;
};

/*
 * At an https address a browser that once reached the app never tries plain http again for a year, so a
 * network attacker cannot strip TLS from a later visit. Only this host: other hosts of the company's domain may
 * still serve http, so neither includeSubDomains nor preload is sent.
 */
const HSTS = 'max-age=31536000';

/** The headers of every response. */
export function securityHeaders(
  frame: FramePolicy,
  { externalOrigin, https }: SecurityHeaderOptions,
): Record<string, string> {
  const external = externalOrigin === undefined ? '' : ` ${externalOrigin}`;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // MUI (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${external}`,
    `frame-src 'self' blob:${external}`,
    `frame-ancestors ${frame === 'deny' ? "'none'" : "'self'"}`,
    `form-action 'self'${external}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': frame === 'deny' ? 'DENY' : 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/**
 * Sets the headers on the raw response, so they also reach the replies the embedded IdP
 * writes itself (hijacked from Fastify).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    for (const [name, value] of Object.entries(securityHeaders(framePolicyFor(pathname), options))) {
      reply.raw.setHeader(name, value);
    }
  });
}
