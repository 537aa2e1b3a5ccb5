import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { onToastWaiting } from './toast.ts';

const ToastHost = lazy(() => import('./ToastHost.tsx'));

/**
 * Mounts the toast host (notistack) when the first toast is asked for. Loaded while the page opened, its
 * evaluation (notistack builds its styles as it loads) was a long task of every start: about 77 ms of main thread
 * on a phone's 4× slower CPU, for a toast most opens never show. Offline its file comes from the service worker's
 * precache, as every chunk does.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [hosted, setHosted] = useState(false);
  useEffect(() => onToastWaiting(() => setHosted(true)), []);
  return (
    <>
      {children}
      {hosted && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
