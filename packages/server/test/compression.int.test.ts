import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, mintToken } from './tokens.ts';
import { worldOfFile } from './world.ts';

// An API answer of the size of a real list page (about 30 KB of JSON), behind the app's token check.
const rows = Array.from({ length: 300 }, (_, index) => ({
  id: index,
  name: `Parking slot ${index}`,
  floor: -1,
}));
const bigList: FastifyPluginAsync = async (api) => {
  api.get('/test/big-list', async () => rows);
};

const { server } = await worldOfFile({ apiPlugins: [bigList] });

// What the web build writes next to every asset (vite.config.ts): the file, its .br and its .gz twin.
const script = `export const slots = ${JSON.stringify(rows)};\n`;
const assets = path.join(server.config.webDist, 'assets');
mkdirSync(assets, { recursive: true });
writeFileSync(path.join(assets, 'dashboard-c0ffee.js'), script);
writeFileSync(path.join(assets, 'dashboard-c0ffee.js.br'), brotliCompressSync(script));
writeFileSync(path.join(assets, 'dashboard-c0ffee.js.gz'), gzipSync(script));
// A file the build left without twins.
writeFileSync(path.join(assets, 'plain-beef.js'), script);

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET as the wire carries it: no client-side decoding, unlike fetch. */
function rawGet(pathname: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.url}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const decode = (raw: Raw): string => {
  switch (raw.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw.body).toString('utf8');
    case 'gzip':
      return gunzipSync(raw.body).toString('utf8');
    default:
      return raw.body.toString('utf8');
  }
};

describe('built assets by content negotiation', () => {
  it('sends the brotli twin to a browser that accepts brotli, with Vary', async () => {
    const raw = await rawGet('/assets/dashboard-c0ffee.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(String(raw.headers.vary)).toMatch(/accept-encoding/i);
    expect(raw.headers['content-type']).toMatch(/javascript/);
    expect(raw.headers['cache-control']).toContain('immutable');
    expect(raw.body.length).toBeLessThan(script.length / 4);
    expect(decode(raw)).toBe(script);
  });

  it('sends the gzip twin when brotli is not accepted', async () => {
    const raw = await rawGet('/assets/dashboard-c0ffee.js', { 'accept-encoding': 'gzip' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(String(raw.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode(raw)).toBe(script);
  });

  it('sends the file itself to a client that accepts no encoding, or only unknown ones', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'zstd, x-nonsense' },
    ]) {
      const raw = await rawGet('/assets/dashboard-c0ffee.js', headers);
      expect(raw.status).toBe(200);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.body.toString('utf8')).toBe(script);
    }
  });

  it('sends a built file without twins (the build skips tiny files) as it is', async () => {
    const raw = await rawGet('/assets/plain-beef.js', { 'accept-encoding': 'br' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.toString('utf8')).toBe(script);
  });

  it('never serves a twin of a file outside the build', async () => {
    writeFileSync(path.join(server.config.webDist, '../secret.txt.br'), brotliCompressSync('secret'));
    const raw = await rawGet('/assets/..%2f..%2fsecret.txt', { 'accept-encoding': 'br' });
    expect(decode(raw)).not.toContain('secret');
  });
});

describe('API answers compressed at run time', () => {
  it('compresses a signed-in answer as brotli or gzip by Accept-Encoding, and not at all without it', async () => {
    const token = await mintToken(server);
    const expected = JSON.stringify(rows);
    const brotli = await rawGet('/api/test/big-list', { ...bearer(token), 'accept-encoding': 'br, gzip' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(expected.length / 4);
    expect(decode(brotli)).toBe(expected);

    const gzip = await rawGet('/api/test/big-list', { ...bearer(token), 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(expected);

    const plain = await rawGet('/api/test/big-list', bearer(token));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(expected);
  });

  it('still refuses a forged token, compressed or not, and leaves small answers alone', async () => {
    const forged = await mintToken(server, { forged: true });
    const refused = await rawGet('/api/test/big-list', { ...bearer(forged), 'accept-encoding': 'br' });
    expect(refused.status).toBe(401);
    expect(decode(refused)).not.toContain('Parking slot');
    // The jobs the test template's migrations queued are as old as the run: run them, as a live server has.
    await server.app.jobs.runDue();
    const health = await rawGet('/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ status: 'ok' });
  });
});
