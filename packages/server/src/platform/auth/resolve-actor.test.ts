import { describe, expect, it } from 'vitest';
import { emailDomain, requestedLocale, tokenEmail } from './resolve-actor.ts';

const identity = {
  issuer: 'https://idp.example',
  subject: 's',
  emailVerified: false,
  email: undefined,
  preferredUsername: undefined,
  name: undefined,
};

describe('tokenEmail', () => {
  it('prefers the email claim', () => {
    expect(tokenEmail({ ...identity, email: 'ann@parkhere.example', preferredUsername: 'ann' })).toBe(
      'ann@parkhere.example',
    );
  });

  it('falls back to preferred_username when it is an email (Entra ID style)', () => {
    expect(tokenEmail({ ...identity, preferredUsername: 'ann@parkhere.example' })).toBe(
      'ann@parkhere.example',
    );
  });

  it('has none when neither claim is an email', () => {
    expect(tokenEmail({ ...identity, preferredUsername: 'ann' })).toBeUndefined();
  });
});

describe('emailDomain', () => {
  it('compares domains case-insensitively', () => {
    expect(emailDomain('Ann@ParkHere.Example')).toBe('parkhere.example');
  });
});

describe('requestedLocale', () => {
  it.each([
    ['hu-HU', 'hu-HU'],
    ['en-US', 'en-US'],
    ['en-us,en;q=0.9', 'en-US'],
    ['hu', 'hu-HU'],
    ['de-DE,de;q=0.9,en;q=0.5', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, locale) => {
    expect(requestedLocale(header)).toBe(locale);
  });
});
