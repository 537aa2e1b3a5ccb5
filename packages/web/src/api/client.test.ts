import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enSystem from '../../public/i18n/system_en-US.json';
import huSystem from '../../public/i18n/system_hu-HU.json';
import { classifyError } from '../errors/catalogue.ts';
import { OfflineError } from '../errors/offlineError.ts';
import { attachToastSink, type ToastRequest } from '../feedback/toast.ts';
import { isOnline } from '../offline/onlineStatus.ts';
import { configureApi, isRead, requestHeaders, send } from './client.ts';

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

describe('a file as the body', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is sent as it is, under its own type, not as JSON', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    const file = new Blob(['email\nnora@parkhere.example\n'], { type: 'text/csv' });
    await send('POST', 'import/users?dryRun=true', file, { handleErrors: false });
    const [, init] = fetchSpy.mock.calls.at(-1) ?? [];
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv');
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

describe('a server that answers nothing while the device says it is online', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    // Back to a server that answers, for the next test.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    await send('GET', 'services/Actor/~meta', undefined, { handleErrors: false });
    vi.restoreAllMocks();
  });

  it('counts as offline once a call got no answer, and again as online once one does', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      send('GET', 'services/Actor/~meta', undefined, { handleErrors: false }),
    ).rejects.toMatchObject({
      received: false,
    });
    expect(isOnline()).toBe(false);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    await send('GET', 'services/Actor/~meta', undefined, { handleErrors: false });
    expect(isOnline()).toBe(true);
  });

  it('refuses a write as offline when the server still answers nothing, without sending it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await send('GET', 'services/Actor/~meta', undefined, { handleErrors: false }).catch(() => undefined);
    fetchSpy.mockClear();
    await expect(
      send('POST', 'services/Actor/Reservations/~create', {}, { handleErrors: false }),
    ).rejects.toBeInstanceOf(OfflineError);
    // Only the probe went out, never the write.
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toEqual(['/api/health']);
  });

  it('sends a write once the server answers the probe again', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await send('GET', 'services/Actor/~meta', undefined, { handleErrors: false }).catch(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"saved":true}'));
    fetchSpy.mockClear();
    await expect(
      send('POST', 'services/Actor/Reservations/~create', {}, { handleErrors: false }),
    ).resolves.toMatchObject({ data: '{"saved":true}' });
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/health',
      '/api/services/Actor/Reservations/~create',
    ]);
    expect(isOnline()).toBe(true);
  });
});

describe('a server that cannot be reached though the device is online', () => {
  afterEach(async () => {
    // Back to a server that answers, for the next test.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    await send('GET', 'services/Actor/~meta', undefined, { handleErrors: false });
    vi.restoreAllMocks();
    attachToastSink(undefined);
  });

  it('counts a gateway’s 502, 503 or 504 to a read as no answer: offline, and no error toast', async () => {
    const toasts: ToastRequest[] = [];
    attachToastSink((request) => toasts.push(request));
    for (const status of [502, 503, 504]) {
      vi.spyOn(globalThis, 'fetch').mockResolvedValue(
        new Response('<h1>Bad gateway</h1>', { status, headers: { 'Content-Type': 'text/html' } }),
      );
      await expect(send('POST', 'services/Actor/UserReservationPanel/~list', {})).rejects.toMatchObject({
        status,
        received: false,
      });
      expect(isOnline()).toBe(false);
      vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('[]'));
      await send('POST', 'services/Actor/UserReservationPanel/~list', {});
      expect(isOnline()).toBe(true);
    }
    expect(toasts).toEqual([]);
  });

  it('counts the worker’s answer from its cache as no answer of the server', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"security":[]}', {
        headers: { 'Content-Type': 'application/json', 'X-ParkHere-From-Cache': '1' },
      }),
    );
    await expect(send('GET', 'services/Actor/~meta', undefined, { anonymous: true })).resolves.toMatchObject({
      data: { security: [] },
    });
    expect(isOnline()).toBe(false);
  });
});

describe('which calls are reads', () => {
  it('counts GETs and the POSTs that only read, never a create, update, delete or operation', () => {
    expect(isRead('GET', 'services/Actor/~principal')).toBe(true);
    for (const read of ['~list', '~get', '~range', '~validate']) {
      expect(isRead('POST', `services/Actor/UserReservationPanel/activeReservations/${read}`)).toBe(true);
    }
    for (const write of ['~create', '~update', '~delete', '~set', '~add', 'checkIn']) {
      expect(isRead('POST', `services/Actor/UserReservation/${write}`)).toBe(false);
    }
  });

  it('sends a POST read while the server answered nothing, so an answer ends the offline state', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await send('GET', 'services/Actor/~meta', undefined, { handleErrors: false }).catch(() => undefined);
    fetchSpy.mockResolvedValue(new Response('[]'));
    fetchSpy.mockClear();
    await send('POST', 'services/Actor/userReservationPanel/~list', {}, { handleErrors: false });
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/services/Actor/userReservationPanel/~list',
    ]);
    expect(isOnline()).toBe(true);
    vi.restoreAllMocks();
  });
});

describe('notices of a change that succeeded', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    attachToastSink(undefined);
  });

  it('warns, in the user’s language, that the guest was not mailed (X-Notice), and nothing else', async () => {
    await i18next.init({
      lng: 'en-US',
      ns: ['system'],
      resources: { 'en-US': { system: enSystem } },
    });
    const shown: ToastRequest[] = [];
    attachToastSink((request) => shown.push(request));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('', { headers: { 'X-Notice': 'GUEST_NOT_MAILED, SOMETHING_ELSE' } }),
    );
    await send('POST', 'services/UserReservation/deleteReservation', undefined, {});
    expect(shown).toEqual([
      expect.objectContaining({ variant: 'warning', message: enSystem.notice.GUEST_NOT_MAILED }),
    ]);
    expect(enSystem.notice.GUEST_NOT_MAILED).toContain('not sent an email');
    expect(huSystem.notice.GUEST_NOT_MAILED).toContain('nem kapott');
    expect(Object.keys(huSystem.notice)).toEqual(Object.keys(enSystem.notice));
  });
});
