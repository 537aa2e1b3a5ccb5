import { describe, expect, it } from 'vitest';
import { createPurposeTokens } from './purpose-tokens.ts';

const tokens = createPurposeTokens('a test secret of enough length');
const later = new Date('2030-01-01T00:00:00Z');
const now = new Date('2029-01-01T00:00:00Z');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('purpose tokens', () => {
  it('verify for their purpose until they expire, and for nothing else', () => {
    const token = tokens.sign({ purpose: 'check-in', id: '42', expiresAt: later });
    expect(tokens.verify(token, 'check-in', now)).toBe('42');
    expect(tokens.verify(token, 'calendar-feed.1', now)).toBeUndefined();
    expect(tokens.verify(token, 'check-in', later)).toBeUndefined();
    expect(tokens.verify(token.replace(/^42\./, '43.'), 'check-in', now)).toBeUndefined();
  });

  it('name their entity whatever instant they carry, only when genuine and of the purpose asked', () => {
    const past = tokens.sign({ purpose: 'release', id: '42', expiresAt: new Date('2020-01-01T00:00:00Z') });
    expect(tokens.verify(past, 'release', now)).toBeUndefined();
    expect(tokens.named(past, 'release')).toBe('42');
    expect(tokens.named(past, 'check-in')).toBeUndefined();
    expect(tokens.named(past.replace(/^42\./, '43.'), 'release')).toBeUndefined();
    const [id, , mac] = past.split('.');
    expect(tokens.named(`${id}.${later.getTime().toString(36)}.${mac}`, 'release')).toBeUndefined();
  });

  it('accept one spelling of a signature: every other last character is refused', () => {
    // The last of 43 base64url characters carries two spare bits a lenient decoder drops.
    for (let id = 1; id <= 20; id += 1) {
      const token = tokens.sign({ purpose: 'check-in', id: String(id), expiresAt: later });
      const others = [...BASE64URL].filter((character) => character !== token.at(-1));
      const accepted = others.filter(
        (character) => tokens.verify(`${token.slice(0, -1)}${character}`, 'check-in', now) !== undefined,
      );
      expect(accepted).toEqual([]);
    }
  });
});
