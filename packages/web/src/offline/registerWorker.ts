import { requestsQuietFor } from '../feedback/progress.ts';
import { offerUpdate } from './updateAvailable.ts';

/**
 * How long the app's requests must have stopped before the worker is registered. Its first install fetches and
 * stores every file of the build (about 600 ms of processor on a fast machine): started at the page's load event,
 * it ran while the first screen was still being built and lengthened its every task (TBT, issue 31 §1).
 */
const QUIET_MS = 1500;

/** Resolves when the browser next has nothing to do (or soon, where it cannot say). */
const idle = () =>
  new Promise<void>((resolve) =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => resolve(), { timeout: 5000 })
      : setTimeout(resolve, 0),
  );

/**
 * Registers the service worker (sw.js, vite-service-worker.ts) once the page has loaded and, the first time, once
 * its first screen has what it asked for, in a chunk of its own, so it costs the first load nothing. A new version
 * waits until the user accepts the reload, then takes over (takeOver.ts).
 */
export function registerWorkerAfterLoad(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) {
    return;
  }
  // A page the worker already controls registers at once: nothing is installed then unless a new version is
  // there, and its offer is not held back.
  const firstScreenDone = () =>
    navigator.serviceWorker.controller === null ? requestsQuietFor(QUIET_MS).then(idle) : Promise.resolve();
  const register = () => {
    void firstScreenDone()
      .then(() => Promise.all([import('workbox-window'), import('./takeOver.ts')]))
      .then(async ([{ Workbox }, { acceptUpdate, followAcceptedUpdate }]) => {
        const worker = new Workbox('/sw.js', { scope: '/' });
        const registered = worker.register();
        worker.addEventListener('waiting', () =>
          offerUpdate(
            () => void registered.then((registration) => registration && acceptUpdate(registration)),
          ),
        );
        const registration = await registered;
        if (registration !== undefined) {
          followAcceptedUpdate(registration);
        }
      });
  };
  // The app starts after the first paint (main.tsx), by when the page may have loaded already.
  if (document.readyState === 'complete') {
    register();
  } else {
    window.addEventListener('load', register, { once: true });
  }
}
