/*
 * Availability at a glance (issue 32, item 1): the caller's days with the free slots for their hours and what
 * is theirs each day. The module names no table: it puts together the fragments of the modules that own them
 * (reservations' counts by the free-slot range's rules and the user's reservations, holidays, the waitlist's
 * place, the draw's pending request, the assigned slot).
 */
export { availabilityRoutes } from './availability-routes.ts';
