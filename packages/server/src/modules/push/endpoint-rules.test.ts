import { describe, expect, it } from 'vitest';
import { addressKind, checkEndpoint } from './endpoint-rules.ts';

const production = { allowTestEndpoints: false };
const tests = { allowTestEndpoints: true };

/** A resolver that answers these addresses for every name (or fails for none). */
const resolvingTo =
  (...addresses: string[]) =>
  async () => {
    if (addresses.length === 0) {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    }
    return addresses;
  };

describe('push endpoint rules', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'not-public'],
    ['172.16.0.1', 'not-public'],
    ['172.31.255.255', 'not-public'],
    ['192.168.1.1', 'not-public'],
    ['169.254.169.254', 'not-public'],
    ['100.64.0.1', 'not-public'],
    ['0.0.0.0', 'not-public'],
    ['224.0.0.1', 'not-public'],
    ['255.255.255.255', 'not-public'],
    ['::', 'not-public'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'not-public'],
    ['fd00::1', 'not-public'],
    ['fe80::1', 'not-public'],
    ['ff02::1', 'not-public'],
    ['2002:a00:1::1', 'not-public'],
    ['142.250.74.46', 'public'],
    ['172.32.0.1', 'public'],
    ['2a00:1450:4001:82a::200a', 'public'],
  ])('takes %s as %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('accepts an https endpoint whose name resolves to public addresses only', async () => {
    const verdict = await checkEndpoint(
      'https://fcm.googleapis.com/fcm/send/abc',
      production,
      resolvingTo('142.250.74.46', '2a00:1450:4001:82a::200a'),
    );
    expect(verdict).toMatchObject({ ok: true });
  });

  it.each([
    ['http://push.example.com/x', production, ['142.250.74.46'], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['ftp://push.example.com/x', production, ['142.250.74.46'], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['ftp://127.0.0.1/x', tests, [], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['file:///etc/passwd', tests, [], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['javascript:alert(1)', tests, [], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['not a url', production, [], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['https://user:secret@push.example.com/x', production, ['142.250.74.46'], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['http://127.0.0.1:9/x', production, ['127.0.0.1'], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['https://127.0.0.1/x', production, ['127.0.0.1'], 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://localhost/x', production, ['127.0.0.1', '::1'], 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://[::1]/x', production, [], 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://10.0.0.1/x', tests, [], 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['https://metadata.example/x', tests, ['169.254.169.254'], 'PUSH_ENDPOINT_NOT_PUBLIC'],
    // One private address among public ones is enough to refuse: a connection may take any of them.
    ['https://mixed.example/x', production, ['142.250.74.46', '192.168.0.10'], 'PUSH_ENDPOINT_NOT_PUBLIC'],
    ['http://public.example/x', tests, ['142.250.74.46'], 'PUSH_ENDPOINT_NOT_HTTPS'],
    ['https://nowhere.invalid/x', production, [], 'PUSH_ENDPOINT_UNRESOLVED'],
  ] as const)('refuses %s (%o, resolving to %o) with %s', async (endpoint, policy, addresses, code) => {
    expect(await checkEndpoint(endpoint, policy, resolvingTo(...addresses))).toEqual({ ok: false, code });
  });

  it('accepts a loopback endpoint over http or https only while test endpoints are allowed', async () => {
    for (const endpoint of ['http://127.0.0.1:8161/push/a', 'https://localhost:8161/push/a']) {
      expect(await checkEndpoint(endpoint, tests, resolvingTo('127.0.0.1'))).toMatchObject({ ok: true });
    }
  });
});
