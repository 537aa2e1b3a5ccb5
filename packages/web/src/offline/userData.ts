import { forgetTableStates } from '../preferences/tableStorage.ts';
import { dropKeptCopies, profileOwner, profileStorage, setProfileOwner } from './keptCopy.ts';
import { setOfflineOwner } from './offlineCopy.ts';
import { dropUserCaches } from './workerCaches.ts';

/*
 * What the app keeps of the signed-in user in this browser profile, and when it goes: the kept copy of their
 * last visit (localStorage, keptCopy.ts), the tables' sort, filters and page size (localStorage, SPEC §9), the
 * query cache (memory) and any cache of the worker that is not public. All of it goes at sign-out; and since a
 * session may also end without one (closed, expired), it goes too when someone else signs in on the profile,
 * before anything is read for them. The interface's preferences (language, theme, layout) belong to the device
 * and stay.
 */

/** Where builds before the kept copy kept the tab's offline copies (sessionStorage): dropped with the rest. */
const SESSION_COPY_PREFIX = 'parkhere.offline.';

const inMemory = new Set<() => void>();

/** Registers a holder of the user's data in memory (the query cache), emptied with the rest. */
export function forgetWithUser(forget: () => void): void {
  inMemory.add(forget);
}

function dropSessionCopies(): void {
  for (const key of Object.keys(window.sessionStorage)) {
    if (key.startsWith(SESSION_COPY_PREFIX)) {
      window.sessionStorage.removeItem(key);
    }
  }
}

async function forgetEveryone(): Promise<void> {
  setOfflineOwner(undefined);
  dropSessionCopies();
  const storage = profileStorage();
  dropKeptCopies(undefined, storage);
  if (storage !== undefined) {
    forgetTableStates(storage);
  }
  setProfileOwner(undefined, storage);
  for (const forget of inMemory) {
    forget();
  }
  await dropUserCaches();
}

/** Sign-out: forgets everything the app kept of the user, before the provider is asked to end the session. */
export const forgetSignedInUser = (): Promise<void> => forgetEveryone();

/**
 * A user is signed in (their OIDC subject): what the profile kept of anyone else goes before anything is read
 * for them, and from now on copies are kept for them.
 */
export async function claimFor(user: string): Promise<void> {
  dropSessionCopies();
  const storage = profileStorage();
  dropKeptCopies(user, storage);
  if (profileOwner(storage) !== user) {
    await forgetEveryone();
    setProfileOwner(user, storage);
  }
  setOfflineOwner(user);
}
