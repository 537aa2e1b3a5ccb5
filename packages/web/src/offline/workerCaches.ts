/**
 * The service worker's cache of what the app reads before anyone is signed in: which provider to use (`~meta`)
 * and the provider's discovery, both the same for everyone. The worker keeps no answer about a user: those
 * carry `Cache-Control: no-store`, and the app's offline copies are its own, per user (offlineCopy.ts).
 */
export const PUBLIC_START_UP_CACHE = 'public-start-up';

/** Workbox's cache of the build's own files (the service worker's precache, offline/serviceWorker.ts). */
const isPrecache = (name: string) => name.startsWith('workbox-precache');

/**
 * Drops every cache of the origin but the build's files and the public start-up answers: any other may hold a
 * user's answers, such as the `start-up` cache of earlier versions, which kept the last user's `~principal`.
 */
export async function dropUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') {
    return;
  }
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name !== PUBLIC_START_UP_CACHE && !isPrecache(name))
      .map((name) => caches.delete(name)),
  );
}
