import { useSyncExternalStore } from 'react';

/*
 * "Install ParkHere" (issue 31 §3), offered only where the browser offers installation: Chromium fires
 * `beforeinstallprompt` once the app may be installed. The event is kept (its default mini-infobar is held back,
 * since the profile menu offers the same) and the menu's entry calls its prompt(). A prompt can be shown once: the
 * entry goes when it was used, and when the app got installed.
 */

/** What ParkHere uses of Chromium's BeforeInstallPromptEvent (not among TypeScript's DOM types). */
type InstallPromptEvent = Event & { prompt(): Promise<unknown> };

let offer: InstallPromptEvent | undefined;
let listening = false;
const listeners = new Set<() => void>();

function setOffer(next: InstallPromptEvent | undefined): void {
  offer = next;
  for (const listener of listeners) {
    listener();
  }
}

/** Starts keeping the browser's installation offer: at start, before the browser fires it. */
export function listenForInstallOffer(target: Window = window): void {
  if (listening) {
    return;
  }
  listening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setOffer(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => setOffer(undefined));
}

/** Shows the browser's installation prompt; undefined while the browser offers none. */
export function useInstallOffer(): (() => Promise<void>) | undefined {
  const current = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => offer,
    () => undefined,
  );
  if (current === undefined) {
    return undefined;
  }
  return async () => {
    setOffer(undefined);
    await current.prompt();
  };
}
