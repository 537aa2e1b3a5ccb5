/**
 * The service worker's cache of what the app reads before anyone is signed in: which provider to use (`~meta`)
 * and the provider's discovery, both the same for everyone. The worker keeps no answer about a user: those
 * carry `Cache-Control: no-store`, and the app's offline copies are its own, per user (offlineCopy.ts).
 */
export const PUBLIC_START_UP_CACHE = 'public-start-up';

/**
 * The header the worker adds to an answer it gives from its cache because the server could not be reached: the
 * app then knows it is offline even where the browser says it is online (client.ts).
 */
export const FROM_WORKER_CACHE_HEADER = 'X-ParkHere-From-Cache';

/**
 * A gateway's answer for a server it cannot reach (a reverse proxy's 502 or 504, a load balancer's or a
 * stopping server's 503): as unreachable as no answer at all, for the app and its worker alike.
 */
export const isGatewayFailure = (status: number): boolean =>
  status === 502 || status === 503 || status === 504;

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
