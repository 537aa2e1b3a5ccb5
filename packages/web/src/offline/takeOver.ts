/*
 * How a new version takes over once the user accepts "Reload" (UpdatePrompt). The waiting worker is asked to
 * skip waiting, and the page reloads when it controls the page. Chromium lets it take over only once the old
 * worker has no event in flight, and waits up to five minutes for that (its "lame duck" wait): a request that
 * reaches the old worker at the switch kept it there, and Reload did nothing for over a minute (a CI run's pwa
 * spec). So the page reloads after TAKE_OVER_MS anyway, into the old version whole (never two versions mixed),
 * and this tab remembers the acceptance: when the new worker does take over, the page reloads into it by itself.
 */

/** Kept per tab: the acceptance is this tab's, and a reload keeps it. */
const ACCEPTED_KEY = 'parkhere.update-accepted';

/** How long after Reload the new version may take to control the page before the page reloads anyway. */
export const TAKE_OVER_MS = 5000;

const reload = () => window.location.reload();

/** The user's Reload. */
export function acceptUpdate(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (waiting === null) {
    // The new version already took over (accepted in another tab): this page only has to load it.
    reload();
    return;
  }
  sessionStorage.setItem(ACCEPTED_KEY, '1');
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  waiting.postMessage({ type: 'SKIP_WAITING' });
  setTimeout(reload, TAKE_OVER_MS);
}

/** At start: a new version this tab accepted before it reloaded takes over as soon as the browser lets it. */
export function followAcceptedUpdate(registration: ServiceWorkerRegistration): void {
  if (sessionStorage.getItem(ACCEPTED_KEY) === null) {
    return;
  }
  const waiting = registration.waiting;
  if (waiting === null) {
    sessionStorage.removeItem(ACCEPTED_KEY);
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  // Asked again: the worker that was told may have been replaced by a newer one since.
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
