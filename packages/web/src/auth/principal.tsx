import type { Principal } from '@parkhere/contract';
import { createContext, type ReactNode, useMemo } from 'react';
import { useProvided } from '../context/useProvided.ts';

type Session = { principal: Principal; logout(): Promise<void> };

const SessionContext = createContext<Session | undefined>(undefined);

/**
 * The signed-in user and how they sign out. The gate supplies `logout`, so the shell needs no OIDC code of
 * its own (the OIDC client loads apart from the start-up bundle).
 */
export function PrincipalProvider({ principal, logout, children }: Session & { children: ReactNode }) {
  const session = useMemo(() => ({ principal, logout }), [principal, logout]);
  return <SessionContext value={session}>{children}</SessionContext>;
}

function useSession(hook: string): Session {
  return useProvided(SessionContext, `${hook} must be used inside the authentication gate`);
}

/** The signed-in user; the gate renders the app only once it is loaded, so it is never missing there. */
export function usePrincipal(): Principal {
  return useSession('usePrincipal').principal;
}

/**
 * Signs out through the provider's end session and comes back to the current page without its hash.
 * A failure does not throw: react-oidc-context records it in `auth.error`, which the gate reports.
 */
export function useLogout(): () => Promise<void> {
  return useSession('useLogout').logout;
}
