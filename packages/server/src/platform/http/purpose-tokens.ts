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
  /**
   * The entity's id of a token this server signed for `purpose`, and whether it has expired at `now` (so a
   * page can say "too late" for a genuine link instead of "invalid"); undefined when forged or of another purpose.
   */
  inspect: (token: string, purpose: string, now: Date) => { id: string; expired: boolean } | undefined;
};

export function createPurposeTokens(secret: string): PurposeTokens {
  const mac = (purpose: string, id: string, expiry: string) =>
    createHmac('sha256', `${secret}:purpose-links`).update(`${purpose}.${id}.${expiry}`).digest();
  const inspect: PurposeTokens['inspect'] = (token, purpose, now) => {
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
    return { id, expired: now.getTime() >= Number.parseInt(expiry, 36) };
  };
  return {
    sign: ({ purpose, id, expiresAt }) => {
      const expiry = Math.max(0, Math.floor(expiresAt.getTime())).toString(36);
      return `${id}.${expiry}.${mac(purpose, id, expiry).toString('base64url')}`;
    },
    verify: (token, purpose, now) => {
      const claims = inspect(token, purpose, now);
      return claims === undefined || claims.expired ? undefined : claims.id;
    },
    inspect,
  };
}

/** The links of one purpose under the server's files prefix (`{publicUrl}{base}{path}/{token}`). */
export type PurposeLinks = {
  /** The link acting on one entity, working until `expiresAt`. */
  url: (id: string, expiresAt: Date) => string;
  /** The entity a link's token names, or undefined when it is forged, of another purpose or expired. */
  verify: (token: string, now: Date) => string | undefined;
  /** As `verify`, but a genuine expired token still names its entity (flagged expired). */
  inspect: (token: string, now: Date) => { id: string; expired: boolean } | undefined;
};

export function createPurposeLinks(
  secret: string,
  link: { publicUrl: string; base: string; path: string; purpose: string },
): PurposeLinks {
  const tokens = createPurposeTokens(secret);
  const prefix = `${link.publicUrl.replace(/\/+$/, '')}${link.base}${link.path}`;
  return {
    url: (id, expiresAt) => `${prefix}/${tokens.sign({ purpose: link.purpose, id, expiresAt })}`,
    verify: (token, now) => tokens.verify(token, link.purpose, now),
    inspect: (token, now) => tokens.inspect(token, link.purpose, now),
  };
}
