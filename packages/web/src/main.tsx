// The entry index.html runs: the start screen (its logo) paints first, then the app starts. Evaluated at once,
// the app's code (about a megabyte) held that first paint back wherever the scripts arrive fast (a launch from
// the service worker's cache, a fast network), and Lighthouse counted all of it before the first paint (issue
// 31). index.html preloads the app's modules beside this one (vite.config.ts), so waiting for a paint costs a
// frame, not a round trip.
import { afterStartScreenPaint } from './app/afterStartScreenPaint.ts';
import { loadLocaleData } from './app/localeData.ts';
import { nextTask } from './app/nextTask.ts';
import { listenForInstallOffer } from './offline/installOffer.ts';

// Before the browser's installation offer can come: it may come before the app's code has loaded.
listenForInstallOffer();
afterStartScreenPaint()
  // React, then the other libraries (MUI, i18next, the router), then our code, each in a task of its own
  // (chunks of vite.config.ts): evaluated together, they were one long task. Beside them, in tasks of its own,
  // the browser's locale data.
  .then(() => {
    void loadLocaleData();
    return import('react-dom/client');
  })
  .then(nextTask)
  .then(() => import('@mui/material/styles'))
  .then(nextTask)
  .then(() => import('./app/start.tsx'))
  .catch((error: unknown) => {
    // Its modules could not be fetched (offline before the service worker holds them): the start screen stays,
    // as it did when they were the entry's own imports.
    console.error('ParkHere could not load', error);
  });
