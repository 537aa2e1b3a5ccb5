import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyError } from '../errors/catalogue.ts';
import { OfflineError } from '../errors/offlineError.ts';
import { configureApi, requestHeaders, send } from './client.ts';

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

describe('offline writes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a write offline without sending it, and says nothing was saved', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const refusal = send(
      'POST',
      'services/Actor/Reservations/~create',
      { day: 'Monday' },
      { handleErrors: false },
    );
    await expect(refusal).rejects.toBeInstanceOf(OfflineError);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(classifyError(await refusal.catch((error: unknown) => error))).toEqual({
      kind: 'toast',
      message: 'error.offline',
    });
  });

  it('still sends GETs offline, for the service worker may answer them', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } }));
    await expect(
      send('GET', 'services/Actor/~meta', undefined, { handleErrors: false }),
    ).resolves.toMatchObject({
      data: { ok: true },
    });
    expect(fetchSpy).toHaveBeenCalledOnce();
  });
});
