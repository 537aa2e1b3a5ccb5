import { forgetTableStates } from '../preferences/tableStorage.ts';
import { dropOfflineCopies, setOfflineOwner } from './offlineCopy.ts';
import { dropUserCaches } from './workerCaches.ts';

/*
 * What the app keeps of the signed-in user in this browser profile, and when it goes: the offline copies
 * (sessionStorage), the tables' sort, filters and page size (localStorage, SPEC §9), the query cache
 * (memory) and any cache of the worker that is not public. All of it goes at sign-out; and since a session may
 * also end without one (closed, expired), it goes too when someone else signs in on the profile, before
 * anything is read for them. The interface's preferences (language, theme, layout) belong to the device and stay.
 */

/** Whose data the profile's storage holds now (the OIDC subject). */
const OWNER_KEY = 'ParkHere-owner';

const inMemory = new Set<() => void>();

/** Registers a holder of the user's data in memory (the query cache), emptied with the rest. */
export function forgetWithUser(forget: () => void): void {
  inMemory.add(forget);
}

const local = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled by the browser: nothing was kept there either.
    return undefined;
  }
};

async function forgetEveryone(): Promise<void> {
  setOfflineOwner(undefined);
  dropOfflineCopies(window.sessionStorage);
  const storage = local();
  if (storage !== undefined) {
    forgetTableStates(storage);
    storage.removeItem(OWNER_KEY);
  }
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
  dropOfflineCopies(window.sessionStorage, user);
  const storage = local();
  if (storage?.getItem(OWNER_KEY) !== user) {
    await forgetEveryone();
    storage?.setItem(OWNER_KEY, user);
  }
  setOfflineOwner(user);
}
