// First: zod must know it may not compile parsers before any schema is built (the CSP has no 'unsafe-eval').
import '@parkhere/contract/without-eval';
import '@fontsource/source-sans-3/400.css';
import '@fontsource/source-sans-3/600.css';
import '@fontsource/source-sans-3/700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App.tsx';
import { preloadPageAt } from './app/screenPages.ts';
import { startSessionEarly } from './auth/AuthRoot.tsx';
import { listenForInstallOffer } from './offline/installOffer.ts';
import { registerWorkerAfterLoad } from './offline/registerWorker.ts';
import { AppProviders } from './providers/AppProviders.tsx';

startSessionEarly();
// Before the browser's installation offer can come (it may come before the first render).
listenForInstallOffer();
preloadPageAt(window.location.pathname);
const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
const app = createRoot(root);
// The first render as a transition, so React renders it in slices instead of one long task.
startTransition(() =>
  app.render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  ),
);
registerWorkerAfterLoad();
