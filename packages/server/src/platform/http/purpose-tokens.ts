import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/*
 * Single-purpose links that need no sign-in (a mail's check-in link): the token names its purpose, the
 * entity it acts on and when it stops working, signed with the server's signing secret (a key of its own,
 * derived as the file tokens' is, so no other token of the server verifies as one of these). Expiry is judged
 * on the app's clock: the instants it is derived from (a reservation's window) are the app clock's.
 */

const Claims = z.object({
  /** What the link does; a token of another purpose is refused. */
  p: z.string().min(1).max(40),
  /** The entity's id. */
  id: z.string().regex(/^\d{1,19}$/),
  /** Expiry, milliseconds since the epoch. */
  exp: z.number().int(),
});
export type PurposeClaims = { purpose: string; id: string; expiresAt: Date };

const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

export type PurposeTokens = {
  sign: (claims: PurposeClaims) => string;
  /** The entity's id when the token is this server's, of `purpose` and not expired at `now`; else undefined. */
  verify: (token: string, purpose: string, now: Date) => string | undefined;
};

export function createPurposeTokens(secret: string): PurposeTokens {
  const mac = (payload: string) => createHmac('sha256', `${secret}:purpose-links`).update(payload).digest();
  return {
    sign: ({ purpose, id, expiresAt }) => {
      const payload = Buffer.from(JSON.stringify({ p: purpose, id, exp: expiresAt.getTime() })).toString(
        'base64url',
      );
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify: (token, purpose, now) => {
      const match = TOKEN.exec(token);
      if (match === null) {
        return undefined;
      }
      const [, payload = '', signature = ''] = match;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return undefined;
      }
      let claims: z.infer<typeof Claims>;
      try {
        const parsed = Claims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
        if (!parsed.success) {
          return undefined;
        }
        claims = parsed.data;
      } catch {
        return undefined;
      }
      return claims.p === purpose && now.getTime() < claims.exp ? claims.id : undefined;
    },
  };
}
