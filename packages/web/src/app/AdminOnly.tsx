import { Outlet } from 'react-router';
import { usePrincipal } from '../auth/principal.tsx';
import { RoutingErrorPage } from './RoutingErrorPage.tsx';

/** Administrator pages: anyone else gets the 403 routing error page instead of the page. */
export function AdminOnly() {
  return usePrincipal().isAdministrator ? <Outlet /> : <RoutingErrorPage status={403} />;
}
