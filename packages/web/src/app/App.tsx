import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { createAppRoutes } from './routes.tsx';

function AppRoutes() {
  // Once: each page route holds its lazily loaded component.
  const [routes] = useState(createAppRoutes);
  return useRoutes(routes);
}

/**
 * The declarative router: the app uses no loaders or actions, and the data router would add about 16 KB
 * (gzip) to the start-up bundle. It is mounted once the authentication gate has cleaned the sign-in response
 * out of the address, so it starts from the real page. A failure of the shell itself shows the error screen.
 */
export default function App() {
  return (
    <AppErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppErrorBoundary>
  );
}
