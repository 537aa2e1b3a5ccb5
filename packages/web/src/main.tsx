import '@fontsource/source-sans-3/400.css';
import '@fontsource/source-sans-3/600.css';
import '@fontsource/source-sans-3/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App.tsx';
import { registerWorkerAfterLoad } from './offline/registerWorker.ts';
import { AppProviders } from './providers/AppProviders.tsx';
import { preloadPageAt } from './screens/screens.ts';

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
);
preloadPageAt(window.location.pathname);
registerWorkerAfterLoad();
