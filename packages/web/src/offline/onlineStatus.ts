import { useSyncExternalStore } from 'react';

/** Whether the device has a network at all: `navigator.onLine` is false only when there surely is none. */
export function deviceOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/*
 * Whether the server answered the last call (with any status). A device may say it is online while the server
 * cannot be reached (a garage basement, a VPN down, a browser that reports offline emulation only to the
 * network stack): then the app is as offline as without a network, and says so.
 */
let serverAnswered = true;
const listeners = new Set<() => void>();

/** Records whether a call to the server got an answer (any status) or none. */
export function noteServerAnswered(answered: boolean): void {
  if (answered !== serverAnswered) {
    serverAnswered = answered;
    for (const listener of listeners) {
      listener();
    }
  }
}

/** Online as the user means it: the device has a network and the server answered the last call. */
export function isOnline(): boolean {
  return deviceOnline() && serverAnswered;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  listeners.add(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    listeners.delete(onChange);
  };
}

/** The online state, re-rendering when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
