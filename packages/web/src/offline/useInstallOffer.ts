import { useSyncExternalStore } from 'react';
import { acceptInstallOffer, currentInstallOffer, subscribeToInstallOffer } from './installOffer.ts';

/** Shows the browser's installation prompt; undefined while the browser offers none. */
export function useInstallOffer(): (() => Promise<void>) | undefined {
  const current = useSyncExternalStore(subscribeToInstallOffer, currentInstallOffer, () => undefined);
  return current === undefined ? undefined : () => acceptInstallOffer(current);
}
