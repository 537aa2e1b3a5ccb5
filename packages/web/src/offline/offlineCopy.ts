import { ApiError } from '../errors/apiError.ts';
import { deviceOnline } from './onlineStatus.ts';

const PREFIX = 'parkhere.offline.';

/** A kept answer and whose it is: a copy is only ever given back to the user it was read for. */
type Copy = { owner: string; answer: unknown };

/** The signed-in user the copies are read and kept for; none while nobody is (nothing is kept then). */
let owner: string | undefined;

/** Sets whose copies are read and kept from now on (`undefined`: nobody's, as after sign-out). */
export function setOfflineOwner(user: string | undefined): void {
  owner = user;
}

function keptCopy(storage: Storage, key: string): Copy | undefined {
  try {
    const copy: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return typeof copy === 'object' && copy !== null && 'owner' in copy && typeof copy.owner === 'string'
      ? { owner: copy.owner, answer: (copy as Copy).answer }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads through `read` while online and keeps the answer; offline, answers the kept copy instead of asking.
 * The copy lives in sessionStorage, next to the OIDC session (SPEC §9), under the user it was read for: it is
 * dropped at sign-out and whenever another user signs in (userData.ts), and never answered to anyone else.
 */
export async function withOfflineCopy<T>(
  name: string,
  read: () => Promise<T>,
  storage: Storage = sessionStorage,
): Promise<T> {
  const reader = owner;
  const kept = reader === undefined ? undefined : keptCopy(storage, PREFIX + name);
  const own = kept?.owner === reader ? kept : undefined;
  // Without a network, the copy at once; with one, the server is asked first (it may be reachable again).
  if (own !== undefined && !deviceOnline()) {
    return own.answer as T;
  }
  let answer: T;
  try {
    answer = await read();
  } catch (error) {
    // No answer at all is offline too: the browser may still say it is online (a page the worker served
    // while the network is down, a network that connects to nothing).
    if (own !== undefined && error instanceof ApiError && !error.received) {
      return own.answer as T;
    }
    throw error;
  }
  // Kept only while the reader is still the signed-in user: an answer that lands after sign-out is not.
  if (reader !== undefined && owner === reader) {
    try {
      storage.setItem(PREFIX + name, JSON.stringify({ owner: reader, answer } satisfies Copy));
    } catch {
      // A full storage only costs the offline copy.
    }
  }
  return answer;
}

/** Drops the kept copies, all of them or those of users other than `keep`. */
export function dropOfflineCopies(storage: Storage = sessionStorage, keep?: string): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
  for (const key of keys.filter((name) => name.startsWith(PREFIX))) {
    if (keep === undefined || keptCopy(storage, key)?.owner !== keep) {
      storage.removeItem(key);
    }
  }
}
