import ipaddr from 'ipaddr.js';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  DEFAULT_SIGN_IN_POLICY,
  type FailureCount,
  forgotten,
  type SignInPolicy,
  type TryCounts,
  waitBeforeTry,
} from './sign-in-policy.ts';

/*
 * The sign-in policy's counters in the database (migration 0013), so every instance on it counts the same
 * tries. A try is counted before its password is checked, under the rows' locks: parallel guesses queue one
 * behind the other and each sees the ones before it, so a burst gets no more checks than the same tries one
 * by one. A right password takes its count back.
 */

/** One sign-in try: how long it must wait (0: check the password now), and what to do when it was right. */
export type SignInTry = { wait: number; succeeded: () => Promise<void> };

export type SignInThrottle = {
  begin: (login: string, address: string) => Promise<SignInTry>;
  /** Drops failures forgotten by now and addresses no longer known. */
  purge: () => Promise<void>;
};

type Scope = 'pair' | 'login' | 'address';
type Row = { scope: Scope; failures: number; lastFailure: Date };

const MAX_LOGIN_LENGTH = 200;

/** Logins are matched as the demo accounts are: trimmed, case-insensitive. */
const loginKey = (login: string) => login.trim().toLowerCase().slice(0, MAX_LOGIN_LENGTH);

/**
 * The address a client is counted at. One IPv6 client usually holds a whole /64 and may pick any address in
 * it, so it counts as its /64; an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) counts as itself.
 */
export function throttleAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) {
    return ip;
  }
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    return address.toString();
  }
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

export function createSignInThrottle(
  db: Kysely<DB>,
  policy: SignInPolicy = DEFAULT_SIGN_IN_POLICY,
  now: () => Date = () => new Date(),
): SignInThrottle {
  const keysOf = (login: string, address: string): Record<Scope, string> => {
    const name = loginKey(login);
    const at = throttleAddress(address);
    return { pair: `${name}\n${at}`, login: name, address: at };
  };

  /** The three counters, locked, each created when missing. */
  const lockCounts = async (trx: Transaction<DB>, keys: Record<Scope, string>, at: Date) => {
    const stamp = at.toISOString();
    await sql`INSERT INTO sign_in_failures (scope, key, last_failure)
      VALUES ('address', ${keys.address}, ${stamp}::timestamptz), ('login', ${keys.login}, ${stamp}::timestamptz),
        ('pair', ${keys.pair}, ${stamp}::timestamptz)
      ON CONFLICT (scope, key) DO NOTHING`.execute(trx);
    // Always in the same order (address, login, pair), so two tries never wait for each other's locks.
    const rows = await sql<Row>`SELECT scope, failures, last_failure FROM sign_in_failures
      WHERE (scope = 'address' AND key = ${keys.address}) OR (scope = 'login' AND key = ${keys.login})
        OR (scope = 'pair' AND key = ${keys.pair})
      ORDER BY scope FOR UPDATE`.execute(trx);
    const count = (scope: Scope): FailureCount | undefined => {
      const row = rows.rows.find((found) => found.scope === scope);
      return row === undefined || forgotten(row, at, policy) ? undefined : row;
    };
    return { pair: count('pair'), login: count('login'), address: count('address') };
  };

  const isKnown = async (trx: Transaction<DB>, keys: Record<Scope, string>, at: Date) => {
    const since = new Date(at.getTime() - policy.knownForMs).toISOString();
    const found = await sql`SELECT 1 AS known FROM sign_in_known_addresses
      WHERE login = ${keys.login} AND address = ${keys.address} AND last_success > ${since}::timestamptz`.execute(
      trx,
    );
    return found.rows.length > 0;
  };

  const begin = async (login: string, address: string): Promise<SignInTry> => {
    const keys = keysOf(login, address);
    const at = now();
    const stamp = at.toISOString();
    const before = await db.transaction().execute(async (trx) => {
      const counts: TryCounts = { ...(await lockCounts(trx, keys, at)), known: await isKnown(trx, keys, at) };
      const wait = waitBeforeTry(counts, at, policy);
      if (wait > 0) {
        return { wait, counts };
      }
      const next = (scope: Scope) => (counts[scope]?.failures ?? 0) + 1;
      await sql`UPDATE sign_in_failures SET last_failure = ${stamp}::timestamptz,
          failures = CASE scope WHEN 'pair' THEN ${next('pair')}::int WHEN 'login' THEN ${next('login')}::int
            ELSE ${next('address')}::int END
        WHERE (scope = 'address' AND key = ${keys.address}) OR (scope = 'login' AND key = ${keys.login})
          OR (scope = 'pair' AND key = ${keys.pair})`.execute(trx);
      return { wait: 0, counts };
    });
    return {
      wait: before.wait,
      succeeded: async () => {
        if (before.wait > 0) {
          return;
        }
        // The try was no failure: the login's and the address's counts go back to what they were (unless
        // another try moved them since), the pair's failures are forgotten, and the address is known.
        const restore = (scope: 'login' | 'address') => {
          const previous = before.counts[scope];
          return sql`UPDATE sign_in_failures SET failures = ${previous?.failures ?? 0}::int,
              last_failure = ${(previous?.lastFailure ?? at).toISOString()}::timestamptz
            WHERE scope = ${scope} AND key = ${keys[scope]} AND last_failure = ${stamp}::timestamptz`;
        };
        await db.transaction().execute(async (trx) => {
          await restore('login').execute(trx);
          await restore('address').execute(trx);
          await sql`DELETE FROM sign_in_failures WHERE scope = 'pair' AND key = ${keys.pair}`.execute(trx);
          await sql`INSERT INTO sign_in_known_addresses (login, address, last_success)
              VALUES (${keys.login}, ${keys.address}, ${now().toISOString()}::timestamptz)
            ON CONFLICT (login, address) DO UPDATE SET last_success = excluded.last_success`.execute(trx);
        });
      },
    };
  };

  const purge = async () => {
    const at = now().getTime();
    await sql`DELETE FROM sign_in_failures
      WHERE last_failure <= ${new Date(at - policy.forgetAfterMs).toISOString()}::timestamptz`.execute(db);
    await sql`DELETE FROM sign_in_known_addresses
      WHERE last_success <= ${new Date(at - policy.knownForMs).toISOString()}::timestamptz`.execute(db);
  };

  return { begin, purge };
}
