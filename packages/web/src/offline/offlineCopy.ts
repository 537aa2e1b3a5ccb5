import { isOnline } from './onlineStatus.ts';

const PREFIX = 'parkhere.offline.';

/**
 * Reads through `read` while online and keeps the answer; offline, answers the kept copy instead of asking.
 * The copy lives in sessionStorage, next to the OIDC session (SPEC §9): it goes when the session goes, so one
 * user's reservations are never shown to the next person on a shared device.
 */
export async function withOfflineCopy<T>(
  name: string,
  read: () => Promise<T>,
  storage: Storage = sessionStorage,
): Promise<T> {
  if (!isOnline()) {
    const kept = storage.getItem(PREFIX + name);
    if (kept !== null) {
      return JSON.parse(kept) as T;
    }
  }
  const answer = await read();
  try {
    storage.setItem(PREFIX + name, JSON.stringify(answer));
  } catch {
    // A full storage only costs the offline copy.
  }
  return answer;
}
