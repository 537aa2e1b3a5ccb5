import { describe, expect, it } from 'vitest';
import { matchesEtag } from './feed.ts';

describe('matchesEtag', () => {
  const etag = '"abc"';
  it('matches the tag itself, in a list, weak or as *', () => {
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", W/"abc"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
  });
  it('does not match another tag, a blank header or no header', () => {
    expect(matchesEtag('"abd"', etag)).toBe(false);
    expect(matchesEtag('abc', etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
