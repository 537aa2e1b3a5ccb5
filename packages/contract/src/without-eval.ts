import { z } from 'zod';

/*
 * Imported for its effect, before any schema exists: zod then parses without compiling its parsers through
 * `new Function`. Under a Content-Security-Policy without 'unsafe-eval', as the web app's, zod probes for it as
 * an object schema is built: the browser blocks the probe and logs a violation on every page (Lighthouse's best
 * practices), and zod then parses as it does without. The web app's entry imports this first, as the contract's
 * schemas may be built in a chunk that is evaluated before the entry's own code runs; the server, under no such
 * policy, keeps the compiled parsers.
 */
z.config({ jitless: true });
