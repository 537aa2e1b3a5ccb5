import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { createAppRoutes } from './routes.tsx';

type Router = ReturnType<typeof createBrowserRouter>;
let router: Router | undefined;

/**
 * Created on first render, not at import: by then the authentication gate has cleaned the sign-in response
 * out of the address, so the router starts from the real page.
 */
function appRouter(): Router {
  router ??= createBrowserRouter(createAppRoutes());
  return router;
}

export default function App() {
  return (
    <AppErrorBoundary>
      <RouterProvider router={appRouter()} />
    </AppErrorBoundary>
  );
}
