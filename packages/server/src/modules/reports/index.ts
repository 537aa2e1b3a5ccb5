/*
 * Reports ([Insight], issue 28): the administrators' utilisation figures and who held a slot when. The module
 * names no table: it reads the read models the other modules export (reservations' usage, garages' slots, the
 * configuration's day window and calendar, the waitlist's and the draw's outcomes, the users' names).
 */
export { dateParameter, parametersOf } from './report-period.ts';
export { reportRoutes } from './report-routes.ts';
