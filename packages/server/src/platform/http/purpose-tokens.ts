import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Single-purpose links that need no sign-in (a mail's check-in link): the token names the entity it acts on
 * and when it stops working, and its MAC also covers its purpose, so a token made for one purpose verifies for
 * no other. The key is the signing secret's own derivation (as the file tokens'), so no other token of the
 * server verifies as one of these. Expiry is judged on the app's clock: the instants it comes from (a
 * reservation's window) are the app clock's. Compact (`{id}.{expiry}.{mac}`, under 80 characters), because it
 * travels as a path segment.
 */

export type PurposeClaims = { purpose: string; id: string; expiresAt: Date };

const TOKEN = /^(\d{1,19})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export type PurposeTokens = {
  sign: (claims: PurposeClaims) => string;
  /** The entity's id when the token is this server's, of `purpose` and not expired at `now`; else undefined. */
  verify: (token: string, purpose: string, now: Date) => string | undefined;
};

export function createPurposeTokens(secret: string): PurposeTokens {
  const mac = (purpose: string, id: string, expiry: string) =>
    createHmac('sha256', `${secret}:purpose-links`).update(`${purpose}.${id}.${expiry}`).digest();
  return {
    sign: ({ purpose, id, expiresAt }) => {
      const expiry = Math.max(0, Math.floor(expiresAt.getTime())).toString(36);
      return `${id}.${expiry}.${mac(purpose, id, expiry).toString('base64url')}`;
    },
    verify: (token, purpose, now) => {
      const match = TOKEN.exec(token);
      if (match === null) {
        return undefined;
      }
      const [, id = '', expiry = '', signature = ''] = match;
      // Compared as text: base64url decoding ignores the last character's spare bits, so comparing the decoded
      // bytes would accept four spellings of one signature.
      const given = Buffer.from(signature);
      const expected = Buffer.from(mac(purpose, id, expiry).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return undefined;
      }
      return now.getTime() < Number.parseInt(expiry, 36) ? id : undefined;
    },
  };
}
