import { CompactSign, compactVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSignedIdentifiers } from './signed-identifier.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';

describe('signed identifiers', () => {
  it('verifies what it signed', async () => {
    const ids = createSignedIdentifiers(secret);
    const signed = await ids.sign({ id: '42', type: 'ParkHere::Car', version: 3 });
    expect(await ids.verify(signed)).toEqual({ id: '42', type: 'ParkHere::Car', version: 3 });
  });

  it('refuses an identifier signed with another secret', async () => {
    const other = await createSignedIdentifiers(`${secret}-other`).sign({
      id: '42',
      type: 'ParkHere::Car',
      version: 3,
    });
    expect(await createSignedIdentifiers(secret).verify(other)).toBeUndefined();
  });

  it('refuses a tampered payload and garbage', async () => {
    const ids = createSignedIdentifiers(secret);
    const [header, , signature] = (await ids.sign({ id: '42', type: 'ParkHere::Car', version: 3 })).split(
      '.',
    );
    const payload = Buffer.from(JSON.stringify({ id: '43', type: 'ParkHere::Car', version: 3 })).toString(
      'base64url',
    );
    expect(await ids.verify(`${header}.${payload}.${signature}`)).toBeUndefined();
    expect(await ids.verify('42')).toBeUndefined();
  });

  it('is a compact HS256 JWS that a standard library verifies with the same secret', async () => {
    const signed = await createSignedIdentifiers(secret).sign({ id: '7', type: 'ParkHere::Car', version: 1 });
    const { payload } = await compactVerify(signed, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    });
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({
      id: '7',
      type: 'ParkHere::Car',
      version: 1,
    });
  });

  it('refuses another spelling of its signature that decodes to the same bytes', async () => {
    const ids = createSignedIdentifiers(secret);
    const signed = await ids.sign({ id: '42', type: 'ParkHere::Car', version: 3 });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signed.slice(-1));
    // The 43rd character carries 4 bits of the 32-byte MAC and 2 spare ones: flipping a spare bit keeps the bytes.
    const respelt = `${signed.slice(0, -1)}${alphabet[last ^ 1]}`;
    const signatureOf = (value: string) => Buffer.from(value.split('.')[2] ?? '', 'base64url');
    expect(signatureOf(respelt).equals(signatureOf(signed))).toBe(true);
    expect(await ids.verify(respelt)).toBeUndefined();
    expect(await ids.verify(signed)).toEqual({ id: '42', type: 'ParkHere::Car', version: 3 });
  });

  it('refuses another algorithm in the header and a payload that is not an identity', async () => {
    const ids = createSignedIdentifiers(secret);
    const key = new TextEncoder().encode(secret);
    const hs512 = await new CompactSign(
      new TextEncoder().encode(JSON.stringify({ id: '1', type: 'T', version: 1 })),
    )
      .setProtectedHeader({ alg: 'HS512' })
      .sign(key);
    expect(await ids.verify(hs512)).toBeUndefined();
    const notIdentity = await new CompactSign(new TextEncoder().encode(JSON.stringify({ id: 1 })))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    expect(await ids.verify(notIdentity)).toBeUndefined();
  });

  it('answers a repeated identifier as the first time, and still refuses its forgeries', async () => {
    const ids = createSignedIdentifiers(secret);
    const identity = { id: '42', type: 'ParkHere::Car', version: 3 };
    const signed = await ids.sign(identity);
    expect(await ids.sign({ ...identity })).toBe(signed);
    expect(await ids.sign({ ...identity, version: 4 })).not.toBe(signed);
    const first = await ids.verify(signed);
    if (first !== undefined) {
      first.id = '43';
    }
    expect(await ids.verify(signed)).toEqual(identity);
    const [header, payload, signature = ''] = signed.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await ids.verify(`${header}.${payload}.${flipped}`)).toBeUndefined();
    await expect(ids.sign({ id: '', type: 'ParkHere::Car', version: 3 })).rejects.toThrow();
  });
});
