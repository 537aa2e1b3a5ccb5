import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onReconnect } from '../offline/onlineStatus.ts';
import { forgetWithUser } from '../offline/userData.ts';

/**
 * The server state of every page: one cache for the whole session, so a list read on one page is shown at
 * once on the next and a write invalidates it everywhere. Failures are shown by the API client (toast or
 * dialog) already, so queries do not retry them; data counts as fresh for a few seconds, which de-duplicates
 * the reads of components mounted together without showing anything stale after a write (writes invalidate).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Reads and writes go out whatever the network says ('always'): TanStack's own 'online' mode would hold them
    // once the browser said it was offline, and a page waiting for one would spin for good (issue 31). Offline,
    // a read answers the kept copy or fails, and a write is refused unsent (api/client.ts).
    queries: { retry: false, staleTime: 5_000, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
// One user's answers: emptied at sign-out and when another user signs in.
forgetWithUser(() => queryClient.clear());
// Back online after the server could not be reached: every page shows fresh answers instead of the kept copy
// or a failure, without a reload.
onReconnect(() => void queryClient.invalidateQueries());

/** Loaded with the first page rather than the shell, so TanStack Query stays out of the first-load budget. */
export function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
