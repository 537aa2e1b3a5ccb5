import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { FROM_WORKER_CACHE_HEADER, isGatewayFailure, PUBLIC_START_UP_CACHE } from './workerCaches.ts';
import { installPushHandlers, type PushWorkerScope } from './workerPush.ts';

/*
 * The service worker (built to sw.js by vite-service-worker.ts, which puts the build's files in place of
 * `self.__WB_MANIFEST`). It precaches the shell, every chunk, the fonts and both languages' texts, versioned by
 * the build, and answers every navigation of the app with the cached page, so the app opens offline.
 */
declare const self: PushWorkerScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
};

// A new version waits until the user accepts "Reload" (UpdatePrompt, offline/PwaNotices.tsx); never mixed silently.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The translations carry a `?t=` cache-buster (i18n/backend.ts); the precache is versioned by the build.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^t$/] });
cleanupOutdatedCaches();

// The server's own pages stay on the network: the provider's sign-in and the silent renew's frame.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/idp(\/|$)/, /^\/ParkHere\//, /^\/silent-renew/, /^\/i18n\//],
  }),
);

// What the app reads before anyone is signed in (which provider, its discovery): from the network when there is
// one, from the last answer offline. Nothing about a user: the worker's caches are the profile's, not a user's,
// so who the user is and their bookings are the app's own offline copies, kept per user and dropped at sign-out
// (offline/userData.ts).
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    (url.pathname === '/api/services/Actor/~meta' || url.pathname.startsWith('/idp/.well-known/')),
  new NetworkFirst({
    cacheName: PUBLIC_START_UP_CACHE,
    networkTimeoutSeconds: 10,
    plugins: [
      new ExpirationPlugin({ maxEntries: 20 }),
      {
        // A gateway's 502, 503 or 504 is no answer of the server's: the last one it gave stands in.
        fetchDidSucceed: async ({ response }) => {
          if (isGatewayFailure(response.status)) {
            throw new Error(`gateway ${response.status}`);
          }
          return response;
        },
        // Marked: a network-first answer comes from the cache only when the server did not answer.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (cachedResponse === undefined) {
            return cachedResponse;
          }
          const headers = new Headers(cachedResponse.headers);
          headers.set(FROM_WORKER_CACHE_HEADER, '1');
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);

// Web Push: what the server sends is shown, and its actions work from the notification (workerPush.ts).
installPushHandlers(self);
