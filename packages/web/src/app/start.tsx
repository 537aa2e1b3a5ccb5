// The app, started by main.tsx after the start screen's first paint.
// First: zod must know it may not compile parsers before any schema is built (the CSP has no 'unsafe-eval').
import '@parkhere/contract/without-eval';
// The app's font faces: not in index.html's head, where a stylesheet holds the start screen's paint back.
import '@fontsource/source-sans-3/400.css';
import '@fontsource/source-sans-3/600.css';
import '@fontsource/source-sans-3/700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startSessionEarly } from '../auth/AuthRoot.tsx';
import { registerWorkerAfterLoad } from '../offline/registerWorker.ts';
import { AppProviders } from '../providers/AppProviders.tsx';
import App from './App.tsx';
import { preloadPageAt } from './screenPages.ts';

startSessionEarly();
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
