import { offerUpdate } from './updateAvailable.ts';

/**
 * Registers the service worker (sw.js, vite-service-worker.ts) after the page has loaded, in a chunk of its own,
 * so it costs the first load nothing. A new version waits until the user accepts the reload: then it is told to
 * take over, and the page reloads once it controls it.
 */
export function registerWorkerAfterLoad(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) {
    return;
  }
  window.addEventListener('load', () => {
    void import('workbox-window').then(({ Workbox }) => {
      const worker = new Workbox('/sw.js', { scope: '/' });
      worker.addEventListener('waiting', () =>
        offerUpdate(() => {
          worker.addEventListener('controlling', () => window.location.reload());
          worker.messageSkipWaiting();
        }),
      );
      void worker.register();
    });
  });
}
