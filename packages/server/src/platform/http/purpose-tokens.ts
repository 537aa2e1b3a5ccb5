import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Single-purpose tokens that need no sign-in (a calendar feed's address, a mail's check-in link): the token
 * names the entity it acts on and an instant (when it stops working, where `verify` judges it), and its MAC also
 * covers its purpose, so a token made for one purpose verifies for no other. The key is the signing secret's own
 * derivation (as the file tokens'), so no other token of the server verifies as one of these. Expiry is judged on
 * the app's clock. Compact (`{id}.{expiry}.{mac}`, under 80 characters), because it travels as a path segment.
 */

export type PurposeClaims = { purpose: string; id: string; expiresAt: Date };

const TOKEN = /^(\d{1,19})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export type PurposeTokens = {
  sign: (claims: PurposeClaims) => string;
  /** The entity's id when the token is this server's, of `purpose` and not expired at `now`; else undefined. */
  verify: (token: string, purpose: string, now: Date) => string | undefined;
  /**
   * The entity's id of a token this server signed for `purpose`, whatever instant it was signed with (a link
   * whose entity says when it stops working, PurposeLinks); undefined when forged or of another purpose.
   */
  named: (token: string, purpose: string) => string | undefined;
};

export function createPurposeTokens(secret: string): PurposeTokens {
  const mac = (purpose: string, id: string, expiry: string) =>
    createHmac('sha256', `${secret}:purpose-links`).update(`${purpose}.${id}.${expiry}`).digest();
  const genuine = (token: string, purpose: string): { id: string; expiresAt: number } | undefined => {
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
    return { id, expiresAt: Number.parseInt(expiry, 36) };
  };
  return {
    sign: ({ purpose, id, expiresAt }) => {
      const expiry = Math.max(0, Math.floor(expiresAt.getTime())).toString(36);
      return `${id}.${expiry}.${mac(purpose, id, expiry).toString('base64url')}`;
    },
    verify: (token, purpose, now) => {
      const claims = genuine(token, purpose);
      return claims === undefined || now.getTime() >= claims.expiresAt ? undefined : claims.id;
    },
    named: (token, purpose) => genuine(token, purpose)?.id,
  };
}

/**
 * The links of one purpose under the server's files prefix (`{publicUrl}{base}{path}/{token}`) that act on a
 * reservation: the mails' check-in and release links. What ends one is its reservation as it is now (its start,
 * its check-in window), read by the route, not the instant signed into the token: a change of the configured time
 * zone moves a reservation's instants (its wall clock stays, DESIGN §4) after its mails went out, and its links
 * then work until its new start or window, not the old one (issue 31).
 */
export type PurposeLinks = {
  /**
   * The link acting on one entity. `deadline` (when the entity's link would stop working as it is made) is
   * signed into the token, as in every link mailed before, but `named` does not judge it.
   */
  url: (id: string, deadline: Date) => string;
  /** The entity a genuine link of this purpose names, whatever instant it carries; else undefined. */
  named: (token: string) => string | undefined;
};

export function createPurposeLinks(
  secret: string,
  link: { publicUrl: string; base: string; path: string; purpose: string },
): PurposeLinks {
  const tokens = createPurposeTokens(secret);
  const prefix = `${link.publicUrl.replace(/\/+$/, '')}${link.base}${link.path}`;
  return {
    url: (id, deadline) => `${prefix}/${tokens.sign({ purpose: link.purpose, id, expiresAt: deadline })}`,
    named: (token) => tokens.named(token, link.purpose),
  };
}
