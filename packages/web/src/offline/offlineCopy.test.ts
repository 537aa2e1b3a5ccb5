import { afterEach, describe, expect, it, vi } from 'vitest';
import { withOfflineCopy } from './offlineCopy.ts';

const goOffline = (offline: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
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

  it('offline without a copy, fails as the read fails', async () => {
    goOffline(true);
    await expect(
      withOfflineCopy('panel', async () => Promise.reject(new Error('no network'))),
    ).rejects.toThrow('no network');
  });

  it('keeps the copy in the session only, never in localStorage', async () => {
    goOffline(false);
    await withOfflineCopy('panel', async () => 'mine');
    expect(localStorage.length).toBe(0);
    expect(Object.keys(sessionStorage)).toContain('parkhere.offline.panel');
  });
});
