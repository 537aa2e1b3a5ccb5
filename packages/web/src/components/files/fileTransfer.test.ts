import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { downloadHeaders, fileNameOf } from './fileTransfer.ts';

/** A token shaped as the server signs it; only its readable payload matters here. */
const tokenWith = (payload: unknown) => {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  const base64url = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${base64url}.signature`;
};

describe('file name of a file token (SPEC §7 Files)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the name out of the token, accents and all', () => {
    expect(fileNameOf(tokenWith({ kind: 'file', name: 'alaprajz – B szint.png' }))).toBe(
      'alaprajz – B szint.png',
    );
  });

  it('logs an unreadable token and gives the fallback', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(fileNameOf('not-a-token', 'File')).toBe('File');
    expect(fileNameOf(tokenWith({ kind: 'file' }))).toBe('');
    expect(logged).toHaveBeenCalledTimes(2);
  });
});

describe('download headers (SPEC §7 Files)', () => {
  afterEach(() => configureApi(undefined));

  it('present the file token and the signed-in user’s bearer token, which the server checks against it', () => {
    configureApi({ accessToken: () => 'access-token', reauthenticate: () => {} });
    const sent = downloadHeaders('file-token');
    expect(sent.get('X-Token')).toBe('file-token');
    expect(sent.get('Authorization')).toBe('Bearer access-token');
    expect(sent.get('Accept')).toBe('*/*');
  });
});
