import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier } from './token-verifier.ts';

const issuer = 'https://idp.example';
const audience = 'parkhere-api';

async function setUp() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const verify = createTokenVerifier({ issuer, audience, jwks: { keys: [jwk] } });
  const mint = (expiresInSeconds: number) =>
    new SignJWT({ email: 'user@parkhere.example' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject('user')
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(privateKey);
  return { verify, mint };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('token verifier', () => {
  it('answers the same identity for a token it has seen, and refuses it once it expired', async () => {
    const { verify, mint } = await setUp();
    const token = await mint(120);
    expect((await verify(token)).email).toBe('user@parkhere.example');
    expect((await verify(token)).subject).toBe('user');
    vi.useFakeTimers({ now: Date.now() + (120 + 61) * 1000 });
    await expect(verify(token)).rejects.toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED' });
    await expect(verify(token)).rejects.toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED' });
  });

  it('never remembers a refused token: a tampered one stays refused', async () => {
    const { verify, mint } = await setUp();
    const [header, payload, signature] = (await mint(120)).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: 'admin@parkhere.example' })).toString('base64url')}.${signature}`;
    await expect(verify(forged)).rejects.toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    await expect(verify(forged)).rejects.toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
  });

  it('accepts a token of a key a rotation replaced until its grace ends, then answers it expired', async () => {
    const keyPair = async (kid: string) => {
      const { privateKey, publicKey } = await generateKeyPair('RS256');
      return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256' } };
    };
    const [current, retired] = [await keyPair('k1'), await keyPair('k0')];
    const graceEnds = new Date(Date.now() + 60_000);
    const verify = createTokenVerifier({
      issuer,
      audience,
      jwks: { keys: [current.jwk, { ...retired.jwk, key_ops: ['verify'] }] },
      retiredKeys: new Map([['k0', graceEnds]]),
    });
    const mint = (key: typeof current) =>
      new SignJWT({ email: 'user@parkhere.example' })
        .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject('user')
        .setExpirationTime(Math.floor(Date.now() / 1000) + 900)
        .sign(key.privateKey);
    const before = await mint(retired);
    expect((await verify(before)).subject).toBe('user');
    vi.useFakeTimers({ now: graceEnds.getTime() + 1000 });
    // Remembered or verified afresh, it is over: the client renews it and gets one of the current key.
    await expect(verify(before)).rejects.toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED' });
    await expect(verify(await mint(retired))).rejects.toMatchObject({ code: 'ACCESS_TOKEN_EXPIRED' });
    expect((await verify(await mint(current))).subject).toBe('user');
  });
});
