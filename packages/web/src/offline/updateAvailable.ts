import { useSyncExternalStore } from 'react';

/*
 * A new version of the app, waiting in its service worker: set by the registration (registerWorker.ts), shown
 * by UpdatePrompt. The new worker takes over only when the user reloads, so one page never mixes two versions.
 */
let reload: (() => void) | undefined;
const listeners = new Set<() => void>();

export function offerUpdate(apply: () => void): void {
  reload = apply;
  for (const listener of listeners) {
    listener();
  }
}

export function useUpdateOffer(): (() => void) | undefined {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => reload,
    () => undefined,
  );
}
