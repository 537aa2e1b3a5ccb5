import { offerUpdate } from './updateAvailable.ts';

/**
 * Registers the service worker after the page has loaded, in a chunk of its own, so it costs the first load
 * nothing. A new version waits until the user accepts the reload (`registerType: 'prompt'` in vite.config.ts).
 */
export function registerWorkerAfterLoad(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) {
    return;
  }
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({
        onNeedRefresh: () => offerUpdate(() => void update(true)),
      });
    });
  });
}
