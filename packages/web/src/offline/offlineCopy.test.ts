import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors/apiError.ts';
import type { KeptPanel } from './keptCopy.ts';
import { setOfflineOwner, withOfflineCopy } from './offlineCopy.ts';

const goOffline = (offline: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);

/** A panel with one active reservation on `date`. */
const panel = (date: string): KeptPanel => ({
  active: [{ date }],
  previous: [],
  holidays: [],
  waitlist: [],
  drawRequests: [],
});
const read = (date: string) => async () => panel(date);

/** The panel read when the network fails it. */
const failedRead = () => withOfflineCopy('panel', async () => Promise.reject(new Error('no network')));

beforeEach(() => setOfflineOwner('ada'));

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  setOfflineOwner(undefined);
});

describe('withOfflineCopy', () => {
  it('answers offline what the last online read answered, without asking the network', async () => {
    goOffline(false);
    expect(await withOfflineCopy('panel', read('Monday'))).toEqual(panel('Monday'));
    goOffline(true);
    const never = vi.fn(read('never'));
    expect(await withOfflineCopy('panel', never)).toEqual(panel('Monday'));
    expect(never).not.toHaveBeenCalled();
  });

  it('reads the network online even with a copy, and keeps the fresher answer', async () => {
    goOffline(false);
    await withOfflineCopy('panel', read('old'));
    expect(await withOfflineCopy('panel', read('new'))).toEqual(panel('new'));
    goOffline(true);
    expect(await withOfflineCopy('panel', read('unused'))).toEqual(panel('new'));
  });

  it('answers the copy when no answer arrives though the browser says it is online', async () => {
    goOffline(false);
    await withOfflineCopy('panel', read('kept'));
    expect(
      await withOfflineCopy('panel', async () => Promise.reject(new ApiError(0, undefined, false))),
    ).toEqual(panel('kept'));
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

  it('keeps the copy in the profile’s localStorage, where a new tab or the app’s launch finds it', async () => {
    goOffline(false);
    await withOfflineCopy('panel', read('mine'));
    expect(sessionStorage.length).toBe(0);
    expect(Object.keys(localStorage)).toEqual(['ParkHere-kept-copy:ada']);
  });

  it('never answers one user’s copy to another', async () => {
    goOffline(false);
    await withOfflineCopy('panel', read('Ada’s bookings'));
    setOfflineOwner('bob');
    goOffline(true);
    await expect(failedRead()).rejects.toThrow('no network');
  });

  it('keeps nothing while nobody is signed in, nor an answer that arrives after sign-out', async () => {
    goOffline(false);
    setOfflineOwner(undefined);
    await withOfflineCopy('panel', read('nobody’s'));
    expect(localStorage.length).toBe(0);

    setOfflineOwner('ada');
    let answer: (value: KeptPanel) => void = () => undefined;
    const late = withOfflineCopy('panel', () => new Promise<KeptPanel>((resolve) => (answer = resolve)));
    setOfflineOwner(undefined);
    answer(panel('Ada’s bookings'));
    expect(await late).toEqual(panel('Ada’s bookings'));
    expect(localStorage.length).toBe(0);
  });
});
