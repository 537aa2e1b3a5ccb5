/*
 * How the embedded provider slows down password guessing, as mature providers do (Keycloak's brute-force
 * detection: a wait that grows with each failure, up to a maximum, forgotten after a quiet time; OWASP's
 * advice to key it on the account and the client together), without letting anybody lock a person out:
 *
 * - one login at one address (the pair) has a few free failures, then each try waits twice as long as the
 *   one before, up to `maxDelayMs`;
 * - one login across all addresses, and one address across all logins, each have a larger allowance before
 *   they wait the same way: a guesser who spreads over many addresses, or sprays many logins, is slowed too;
 * - but these two never slow a login at an address it has signed in from before (a known address): there
 *   only the pair's own failures count. So a stranger who knows a login, or people behind one NAT, cannot
 *   keep its owner out;
 * - a wait is never a lock: once it is over, the next try is checked, and the right password signs in.
 *
 * Plain functions over the counters; sign-in-throttle.ts keeps the counters in the database.
 */

export type SignInPolicy = {
  /** Failures of one login at one address before tries wait. */
  pairFreeFailures: number;
  /** Failures of one login at addresses it is not known at before its tries from them wait. */
  loginFreeFailures: number;
  /** Failures from one address, of logins not known there, before its tries wait. */
  addressFreeFailures: number;
  /** The first wait; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs: number;
  /** An address stays known for a login this long after its last sign-in there. */
  knownForMs: number;
};

const MINUTE = 60 * 1000;

export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = {
  pairFreeFailures: 3,
  loginFreeFailures: 10,
  addressFreeFailures: 20,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 12 * 60 * MINUTE,
  knownForMs: 90 * 24 * 60 * MINUTE,
};

export type FailureCount = { failures: number; lastFailure: Date };

/** The counters of one try: its pair's, its login's, its address's; and whether the login is known there. */
export type TryCounts = {
  pair: FailureCount | undefined;
  login: FailureCount | undefined;
  address: FailureCount | undefined;
  known: boolean;
};

/** The wait after `failures` failures of which `free` cost nothing. */
export function delayAfter(failures: number, free: number, policy: SignInPolicy): number {
  if (failures < free) {
    return 0;
  }
  // 2^31 ms is already weeks: past it the cap holds, and the power cannot overflow to Infinity.
  const doublings = Math.min(failures - free, 31);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings);
}

/** Whether the count's failures are forgotten by `now`. */
export function forgotten(count: FailureCount | undefined, now: Date, policy: SignInPolicy): boolean {
  return count === undefined || now.getTime() - count.lastFailure.getTime() >= policy.forgetAfterMs;
}

function waitOf(count: FailureCount | undefined, free: number, now: Date, policy: SignInPolicy): number {
  if (count === undefined || forgotten(count, now, policy)) {
    return 0;
  }
  const until = count.lastFailure.getTime() + delayAfter(count.failures, free, policy);
  return Math.max(0, until - now.getTime());
}

/** Milliseconds until this try may be checked; 0 when it may be now. */
export function waitBeforeTry(counts: TryCounts, now: Date, policy: SignInPolicy): number {
  const pair = waitOf(counts.pair, policy.pairFreeFailures, now, policy);
  if (counts.known) {
    return pair;
  }
  return Math.max(
    pair,
    waitOf(counts.login, policy.loginFreeFailures, now, policy),
    waitOf(counts.address, policy.addressFreeFailures, now, policy),
  );
}
