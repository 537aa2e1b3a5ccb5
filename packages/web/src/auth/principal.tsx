import type { Principal } from '@parkhere/contract';
import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { useAuth } from 'react-oidc-context';
import { logoutReturnAddress } from './oidcSettings.ts';

const PrincipalContext = createContext<Principal | undefined>(undefined);

export function PrincipalProvider({ principal, children }: { principal: Principal; children: ReactNode }) {
  return <PrincipalContext value={principal}>{children}</PrincipalContext>;
}

/** The signed-in user; the gate renders the app only once it is loaded, so it is never missing there. */
export function usePrincipal(): Principal {
  const principal = useContext(PrincipalContext);
  if (!principal) {
    throw new Error('usePrincipal must be used inside the authentication gate');
  }
  return principal;
}

/**
 * Signs out through the provider's end session and comes back to the current page without its hash.
 * A failure does not throw: react-oidc-context records it in `auth.error`, which the gate reports.
 */
export function useLogout(): () => Promise<void> {
  const { signoutRedirect } = useAuth();
  return useCallback(async () => {
    await signoutRedirect({ post_logout_redirect_uri: logoutReturnAddress(window.location) });
  }, [signoutRedirect]);
}
