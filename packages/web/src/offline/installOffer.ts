/*
 * "Install ParkHere" (issue 31 §3), offered only where the browser offers installation: Chromium fires
 * `beforeinstallprompt` once the app may be installed. The event is kept (its default mini-infobar is held back,
 * since the profile menu offers the same) and the menu's entry calls its prompt(). A prompt can be shown once: the
 * entry goes when it was used, and when the app got installed. The listening needs no React: the entry
 * (main.tsx) starts it before the app's code has even loaded (useInstallOffer.ts holds the hook).
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

/** Subscribes to the offer's coming and going; returns the unsubscribe. */
export function subscribeToInstallOffer(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** The browser's installation offer, while it makes one. */
export const currentInstallOffer = (): InstallPromptEvent | undefined => offer;

/** Shows the offer's prompt; an offer is used once. */
export async function acceptInstallOffer(accepted: InstallPromptEvent): Promise<void> {
  setOffer(undefined);
  await accepted.prompt();
}
