import { afterEach, describe, expect, it } from 'vitest';
import {
  dropKeptCopies,
  KEPT_COPY_VERSION,
  keepPart,
  lastUserCopy,
  readKeptCopy,
  setProfileOwner,
} from './keptCopy.ts';

const panel = (date: string) => ({
  active: [{ date, parkingSlotInformation: 'A-01' }],
  previous: [],
  holidays: [],
  waitlist: [],
  drawRequests: [],
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the kept copy', () => {
  it('keeps each user’s panel and principal in localStorage under their own key, surviving the tab', () => {
    keepPart('ada', 'panel', panel('2026-12-01'));
    keepPart('ada', 'principal', { name: 'Ada' });
    keepPart('bob', 'panel', panel('2026-12-02'));
    expect(sessionStorage.length).toBe(0);
    expect(Object.keys(localStorage).sort()).toEqual(['ParkHere-kept-copy:ada', 'ParkHere-kept-copy:bob']);
    const copy = readKeptCopy('ada');
    expect(copy?.panel?.active).toEqual([{ date: '2026-12-01', parkingSlotInformation: 'A-01' }]);
    expect(copy?.principal).toEqual({ name: 'Ada' });
    expect(copy?.version).toBe(KEPT_COPY_VERSION);
    expect(typeof copy?.savedAt.panel).toBe('string');
    expect(readKeptCopy('bob')?.panel?.active[0]?.date).toBe('2026-12-02');
  });

  it('keeps only the lists the dashboard shows, not the rest of the answer', () => {
    keepPart('ada', 'panel', { ...panel('2026-12-01'), holidayImage: 'download-token' } as never);
    expect(localStorage.getItem('ParkHere-kept-copy:ada')).not.toContain('download-token');
  });

  it('drops a copy of another version or of an unexpected shape instead of reading it', () => {
    const stored = (copy: unknown) => localStorage.setItem('ParkHere-kept-copy:ada', JSON.stringify(copy));
    const savedAt = { panel: '2026-11-30T06:00:00.000Z' };
    for (const copy of [
      { version: KEPT_COPY_VERSION + 1, user: 'ada', savedAt, panel: panel('2026-12-01') },
      { version: KEPT_COPY_VERSION, user: 'ada', savedAt, panel: { active: 'Monday' } },
      { version: KEPT_COPY_VERSION, user: 'bob', savedAt, panel: panel('2026-12-01') },
      { version: KEPT_COPY_VERSION, user: 'ada', savedAt: {}, panel: panel('2026-12-01') },
      'not a copy',
    ]) {
      stored(copy);
      expect(readKeptCopy('ada')).toBeUndefined();
      expect(localStorage.getItem('ParkHere-kept-copy:ada')).toBeNull();
    }
    localStorage.setItem('ParkHere-kept-copy:ada', '{not json');
    expect(readKeptCopy('ada')).toBeUndefined();
    // A part kept afterwards starts a copy of this version.
    keepPart('ada', 'panel', panel('2026-12-03'));
    expect(readKeptCopy('ada')?.panel?.active[0]?.date).toBe('2026-12-03');
  });

  it('drops everyone’s copies, or all but one user’s, and nothing else of the profile', () => {
    localStorage.setItem('ParkHere-config', '{"i18n":"en-US"}');
    keepPart('ada', 'panel', panel('2026-12-01'));
    keepPart('bob', 'panel', panel('2026-12-02'));
    dropKeptCopies('bob');
    expect(Object.keys(localStorage).sort()).toEqual(['ParkHere-config', 'ParkHere-kept-copy:bob']);
    dropKeptCopies();
    expect(Object.keys(localStorage)).toEqual(['ParkHere-config']);
  });

  it('gives a tab without a session the copy of the profile’s last user, and none after them', () => {
    keepPart('ada', 'panel', panel('2026-12-01'));
    expect(lastUserCopy()).toBeUndefined();
    setProfileOwner('ada');
    expect(lastUserCopy()?.panel?.active[0]?.date).toBe('2026-12-01');
    setProfileOwner(undefined);
    expect(lastUserCopy()).toBeUndefined();
  });
});
