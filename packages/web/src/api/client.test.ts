import { afterEach, describe, expect, it } from 'vitest';
import { configureApi, requestHeaders } from './client.ts';

describe('API request headers (SPEC §7)', () => {
  afterEach(() => configureApi(undefined));

  it('carries the bearer token, the signed identifier, the mask and the language', () => {
    configureApi({ accessToken: () => 'token-1', reauthenticate: () => {} });
    const sent = requestHeaders({ name: 'A' }, { signedIdentifier: 'sig-1', mask: '{name}' });
    expect(sent.get('Authorization')).toBe('Bearer token-1');
    expect(sent.get('X-Judo-SignedIdentifier')).toBe('sig-1');
    expect(sent.get('X-Judo-Mask')).toBe('{name}');
    expect(sent.get('Accept-Language')).toBeTruthy();
    expect(sent.get('Content-Type')).toBe('application/json');
  });

  it('sends the metadata call without Authorization', () => {
    configureApi({ accessToken: () => 'token-1', reauthenticate: () => {} });
    const sent = requestHeaders(undefined, { anonymous: true });
    expect(sent.has('Authorization')).toBe(false);
    expect(sent.has('Content-Type')).toBe(false);
  });

  it('uses the renewed token on the next call', () => {
    let token = 'old';
    configureApi({ accessToken: () => token, reauthenticate: () => {} });
    expect(requestHeaders(undefined, {}).get('Authorization')).toBe('Bearer old');
    token = 'renewed';
    expect(requestHeaders(undefined, {}).get('Authorization')).toBe('Bearer renewed');
  });
});
