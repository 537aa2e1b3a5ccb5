import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tableStateKey } from '../preferences/tableStorage.ts';
import { withOfflineCopy } from './offlineCopy.ts';
import { claimFor, forgetSignedInUser, forgetWithUser } from './userData.ts';

const PREFERENCES = 'ParkHere-config';

const panelWith = (plate: string) => ({
  active: [{ reserverCarId: plate }],
  previous: [],
  holidays: [],
  waitlist: [],
  drawRequests: [],
});

/** What Ada leaves behind in one visit: a kept copy, a table filter, a cached query. */
async function adaVisits(): Promise<{ queryCache: Map<string, string> }> {
  await claimFor('ada');
  await withOfflineCopy('panel', async () => panelWith('ADA-001'));
  localStorage.setItem(tableStateKey('ProfileSettings.cars'), JSON.stringify({ filters: ['ADA-001'] }));
  const queryCache = new Map([['panel', 'ADA-001']]);
  forgetWithUser(() => queryCache.clear());
  return { queryCache };
}

const kept = () => JSON.stringify({ ...sessionStorage, ...localStorage });

beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  localStorage.setItem(PREFERENCES, JSON.stringify({ i18n: 'en-US' }));
});

afterEach(async () => {
  await forgetSignedInUser();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe('what the app keeps of a user', () => {
  it('is all forgotten at sign-out, the device’s preferences kept', async () => {
    const { queryCache } = await adaVisits();
    expect(localStorage.getItem('ParkHere-kept-copy:ada')).toContain('ADA-001');
    await forgetSignedInUser();
    // The kept copy's key is gone, not emptied.
    expect(Object.keys(localStorage)).toEqual([PREFERENCES]);
    expect(kept()).not.toContain('ADA-001');
    expect(kept()).not.toContain('ada');
    expect(queryCache.size).toBe(0);
    expect(localStorage.getItem(PREFERENCES)).toContain('en-US');
  });

  it('is forgotten when someone else signs in without a sign-out in between', async () => {
    const { queryCache } = await adaVisits();
    await claimFor('bob');
    expect(kept()).not.toContain('ADA-001');
    expect(localStorage.getItem('ParkHere-kept-copy:ada')).toBeNull();
    expect(queryCache.size).toBe(0);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(withOfflineCopy('panel', async () => Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
  });

  it('stays for the same user coming back (a reload, a new tab, the app’s launch)', async () => {
    const { queryCache } = await adaVisits();
    sessionStorage.clear();
    await claimFor('ada');
    expect(localStorage.getItem(tableStateKey('ProfileSettings.cars'))).toContain('ADA-001');
    expect(queryCache.size).toBe(1);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await withOfflineCopy('panel', async () => panelWith('never read'))).toEqual(panelWith('ADA-001'));
  });

  it('drops the copies earlier builds kept in the tab’s session storage', async () => {
    sessionStorage.setItem('parkhere.offline.reservationPanel', '{"owner":"ada","answer":"ADA-001"}');
    await claimFor('ada');
    expect(sessionStorage.length).toBe(0);
  });
});
