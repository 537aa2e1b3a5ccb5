import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushMessage } from '@parkhere/contract';
import ece from 'http_ece';
import { importJWK, type JWTPayload, jwtVerify } from 'jose';
import { afterAll } from 'vitest';

/*
 * A push service of the test's own on loopback (the server runs with ALLOW_TEST_PUSH_ENDPOINTS=true), and the
 * browser's side of a subscription: its key pair and authentication secret, so what the server posts can be
 * checked as a real push service and browser would — the VAPID JWT verified with the server's public key, the
 * aes128gcm body decrypted.
 */

export type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type PushService = {
  origin: string;
  received: Received[];
  /** Answer this status to the requests for `path` (201 otherwise). */
  answer: (path: string, status: number) => void;
};

/** Starts the service on a free loopback port; it stops after the file's tests. */
export async function startPushService(): Promise<PushService> {
  const received: Received[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => statuses.set(path, status),
  };
}

/** A browser's subscription to `endpoint`: what it posts (toJSON()) and the keys it decrypts with. */
export function browserSubscription(endpoint: string) {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    json: { endpoint, expirationTime: null, keys: { p256dh: keys.getPublicKey('base64url'), auth } },
    /** The message the push service received for this subscription, decrypted as the browser would. */
    decrypt: (body: Buffer): PushMessage =>
      JSON.parse(
        ece.decrypt(body, { version: 'aes128gcm', privateKey: keys, authSecret: auth }).toString('utf8'),
      ) as PushMessage,
  };
}

/**
 * The VAPID claims of a request, verified against the server's public key (`k` must be that key too): ES256,
 * the push service's origin as audience, not expired.
 */
export async function verifiedVapid(headers: IncomingHttpHeaders, publicKey: string): Promise<JWTPayload> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  if (match === null) {
    throw new Error(`no VAPID authorization: ${headers.authorization}`);
  }
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) {
    throw new Error('the VAPID key is not the server’s');
  }
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { algorithms: ['ES256'] });
  return payload;
}
