/*
 * Bulk set-up ([Operations], issue 30, item 1): administrators import users and slots from a CSV file. The
 * module names no table: it writes through the engine's create and update of the Users and Slots tables, and
 * finds what a file names through the users' and garages' own lookups.
 */
export { importRoutes } from './import-routes.ts';
