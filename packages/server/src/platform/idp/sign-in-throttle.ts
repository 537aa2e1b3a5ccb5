/**
 * Slows down password guessing at the embedded provider's sign-in form: after `perAccount` failed sign-ins of
 * one login, or `perAddress` from one client address, within `windowMs`, further tries of that login or from
 * that address are refused until the oldest of those failures leaves the window. Only failures count, so
 * people (and the end-to-end tests) who type the right password sign in as often as they like; a success
 * clears its login's failures, never its address's (else an attacker's own account would reset them).
 *
 * Kept in memory: one process's view. Several instances behind a load balancer each allow the limits.
 */
export type SignInLimits = { perAccount: number; perAddress: number; windowMs: number };

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
};

export type SignInThrottle = {
  /** Milliseconds until this login may be tried from this address again; 0 when it may be tried now. */
  waitFor: (login: string, address: string) => number;
  failed: (login: string, address: string) => void;
  succeeded: (login: string) => void;
};

// Failure lists kept at most; when full, the longest-kept goes first.
const MAX_KEYS = 100_000;

export function createSignInThrottle(
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  now: () => number = Date.now,
): SignInThrottle {
  const failures = new Map<string, number[]>();
  const accountKey = (login: string) => `login:${login.trim().toLowerCase()}`;
  const addressKey = (address: string) => `address:${address}`;

  /** The failures of `key` still inside the window (dropping the older ones). */
  const recent = (key: string): number[] => {
    const since = now() - limits.windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) {
      failures.delete(key);
    } else {
      failures.set(key, kept);
    }
    return kept;
  };

  const waitOf = (key: string, limit: number): number => {
    const kept = recent(key);
    if (kept.length < limit) {
      return 0;
    }
    // Waiting until the oldest counted failure leaves the window brings the count under the limit.
    const oldest = kept[kept.length - limit] ?? now();
    return Math.max(1, oldest + limits.windowMs - now());
  };

  const record = (key: string, limit: number) => {
    const kept = recent(key);
    failures.delete(key);
    if (failures.size >= MAX_KEYS) {
      const first = failures.keys().next().value;
      if (first !== undefined) {
        failures.delete(first);
      }
    }
    failures.set(key, [...kept, now()].slice(-limit));
  };

  return {
    waitFor: (login, address) =>
      Math.max(waitOf(accountKey(login), limits.perAccount), waitOf(addressKey(address), limits.perAddress)),
    failed: (login, address) => {
      record(accountKey(login), limits.perAccount);
      record(addressKey(address), limits.perAddress);
    },
    succeeded: (login) => {
      failures.delete(accountKey(login));
    },
  };
}
