import { CALENDAR_FEED_PATH, FILES_BASE } from '@parkhere/contract';
import { createPurposeTokens } from '../../platform/http/purpose-tokens.ts';

/*
 * A feed's address is its only credential: a purpose token over the user and the feed's generation, signed with
 * the signing secret. Calendar clients poll it for years, so it does not expire; it stops working when the
 * generation moves on (reset, turned off) or the signing secret changes. Nothing secret is stored, so a copy of
 * the database reveals no address, and the address can be shown to its owner again at any time.
 */

/** The latest instant a Date holds: the feed's token never expires by time. */
const NEVER = new Date(8.64e15);

const purposeOf = (generation: number) => `calendar-feed.${generation}`;

const USER_ID = /^(\d{1,19})\./;

/** Past this no user id exists, and the database would refuse to compare it (bigint). */
const MAX_ID = 9_223_372_036_854_775_807n;

const userIdIn = (token: string): string | undefined => {
  const id = USER_ID.exec(token)?.[1];
  return id !== undefined && BigInt(id) <= MAX_ID ? id : undefined;
};

export type FeedTokens = {
  /** The feed's full address for the user at this generation. */
  url: (userId: string, generation: number) => string;
  /** The user a token claims to be of, before its signature is checked (to look up the generation). */
  claimedUser: (token: string) => string | undefined;
  /** Whether the token is this server's for the user at this generation. */
  verify: (token: string, userId: string, generation: number) => boolean;
};

export function createFeedTokens(secret: string, publicUrl: string): FeedTokens {
  const tokens = createPurposeTokens(secret);
  const base = `${publicUrl.replace(/\/+$/, '')}${FILES_BASE}${CALENDAR_FEED_PATH}`;
  return {
    url: (userId, generation) =>
      `${base}/${tokens.sign({ purpose: purposeOf(generation), id: userId, expiresAt: NEVER })}.ics`,
    claimedUser: userIdIn,
    verify: (token, userId, generation) =>
      tokens.verify(token, purposeOf(generation), new Date(0)) === userId,
  };
}
