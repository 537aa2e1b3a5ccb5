import { z } from 'zod';

/**
 * Makes zod parse without compiling its parsers through `new Function`. Under a Content-Security-Policy without
 * 'unsafe-eval', as the web app's, zod's first object parse probes for it: the browser blocks the probe and logs a
 * violation on every page (Lighthouse's best practices), and zod then parses as it does without. The web app calls
 * this before its first parse; the server, under no such policy, keeps the compiled parsers.
 */
export const parseWithoutEval = (): void => {
  z.config({ jitless: true });
};
