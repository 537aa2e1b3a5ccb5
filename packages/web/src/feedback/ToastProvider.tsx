import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './idle.ts';
import { onToastWaiting } from './toast.ts';

const ToastHost = lazy(() => import('./ToastHost.tsx'));

/**
 * Mounts the toast host (notistack) after the first paint, or sooner when a toast is asked for; it is
 * loaded while idle rather than on the first toast, so an error toast still shows once the network is gone.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [hosted, setHosted] = useState(false);
  useEffect(() => {
    const host = () => setHosted(true);
    const stopWaiting = onToastWaiting(host);
    const cancelIdle = whenIdle(host);
    return () => {
      stopWaiting();
      cancelIdle();
    };
  }, []);
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
