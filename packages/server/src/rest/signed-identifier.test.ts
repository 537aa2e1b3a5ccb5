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
});
