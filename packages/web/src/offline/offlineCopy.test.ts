import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors/apiError.ts';
import { dropOfflineCopies, setOfflineOwner, withOfflineCopy } from './offlineCopy.ts';

const goOffline = (offline: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);

/** The panel read when the network fails it. */
const failedRead = () => withOfflineCopy('panel', async () => Promise.reject(new Error('no network')));

beforeEach(() => setOfflineOwner('ada'));

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  setOfflineOwner(undefined);
});

describe('withOfflineCopy', () => {
  it('answers offline what the last online read answered, without asking the network', async () => {
    goOffline(false);
    expect(await withOfflineCopy('panel', async () => ({ active: ['Monday'] }))).toEqual({
      active: ['Monday'],
    });
    goOffline(true);
    const read = vi.fn(async () => ({ active: ['never'] }));
    expect(await withOfflineCopy('panel', read)).toEqual({ active: ['Monday'] });
    expect(read).not.toHaveBeenCalled();
  });

  it('reads the network online even with a copy, and keeps the fresher answer', async () => {
    goOffline(false);
    await withOfflineCopy('panel', async () => 'old');
    expect(await withOfflineCopy('panel', async () => 'new')).toBe('new');
    goOffline(true);
    expect(await withOfflineCopy('panel', async () => 'unused')).toBe('new');
  });

  it('answers the copy when no answer arrives though the browser says it is online', async () => {
    goOffline(false);
    await withOfflineCopy('panel', async () => 'kept');
    expect(
      await withOfflineCopy('panel', async () => Promise.reject(new ApiError(0, undefined, false))),
    ).toBe('kept');
    // An answer that arrived, a refusal, is the answer: never hidden behind the copy.
    await expect(
      withOfflineCopy('panel', async () =>
        Promise.reject(new ApiError(403, { code: 'ACCOUNT_DEACTIVATED' })),
      ),
    ).rejects.toThrow('HTTP 403');
  });

  it('offline without a copy, fails as the read fails', async () => {
    goOffline(true);
    await expect(failedRead()).rejects.toThrow('no network');
  });

  it('keeps the copy in the session only, never in localStorage', async () => {
    goOffline(false);
    await withOfflineCopy('panel', async () => 'mine');
    expect(localStorage.length).toBe(0);
    expect(Object.keys(sessionStorage)).toContain('parkhere.offline.panel');
  });

  it('never answers one user’s copy to another', async () => {
    goOffline(false);
    await withOfflineCopy('panel', async () => 'Ada’s bookings');
    setOfflineOwner('bob');
    goOffline(true);
    await expect(failedRead()).rejects.toThrow('no network');
  });

  it('keeps nothing while nobody is signed in, nor an answer that arrives after sign-out', async () => {
    goOffline(false);
    setOfflineOwner(undefined);
    await withOfflineCopy('panel', async () => 'nobody’s');
    expect(sessionStorage.length).toBe(0);

    setOfflineOwner('ada');
    let answer: (value: string) => void = () => undefined;
    const late = withOfflineCopy('panel', () => new Promise<string>((resolve) => (answer = resolve)));
    setOfflineOwner(undefined);
    answer('Ada’s bookings');
    expect(await late).toBe('Ada’s bookings');
    expect(sessionStorage.length).toBe(0);
  });
});

describe('dropOfflineCopies', () => {
  it('drops every copy, or those of everyone but one user, and nothing else of the session', async () => {
    goOffline(false);
    await withOfflineCopy('panel', async () => 'Ada’s');
    setOfflineOwner('bob');
    await withOfflineCopy('principal', async () => 'Bob');
    sessionStorage.setItem('oidc.user:issuer:client', '{}');

    dropOfflineCopies(sessionStorage, 'bob');
    expect(Object.keys(sessionStorage).sort()).toEqual([
      'oidc.user:issuer:client',
      'parkhere.offline.principal',
    ]);
    dropOfflineCopies(sessionStorage);
    expect(Object.keys(sessionStorage)).toEqual(['oidc.user:issuer:client']);
  });
});
