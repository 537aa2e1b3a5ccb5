import { lazy, Suspense } from 'react';
import { deviceOnline, useOnline } from './onlineStatus.ts';

// Loaded only when needed (from the service worker's cache offline), so the shell's first load stays small.
const OfflineBanner = lazy(() => import('./OfflineBanner.tsx'));
const UpdateSnackbar = lazy(() => import('./UpdateSnackbar.tsx'));

import { useUpdateOffer } from './updateAvailable.ts';

/** The offline notice above every page, while the device is offline or the server cannot be reached. */
export function OfflineNotice() {
  const online = useOnline();
  return online ? null : (
    <Suspense fallback={null}>
      <OfflineBanner unreachable={deviceOnline()} />
    </Suspense>
  );
}

/** The offer of a new version, once its service worker is waiting. */
export function UpdatePrompt() {
  const reload = useUpdateOffer();
  return reload === undefined ? null : (
    <Suspense fallback={null}>
      <UpdateSnackbar reload={reload} />
    </Suspense>
  );
}
