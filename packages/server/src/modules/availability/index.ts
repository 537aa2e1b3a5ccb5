/*
 * Availability at a glance (issue 32, item 1): the caller's days with the free slots for their hours and what
 * is theirs each day, and one day on the floor plans (each slot free, taken or not offered to them). The module
 * names no table: it puts together the fragments of the modules that own them (reservations' counts and slot
 * statuses by the free-slot range's rules and the user's reservations, holidays, the waitlist's place, the
 * draw's pending request, the assigned slot, garages' slots on their plans).
 */
export { availabilityRoutes } from './availability-routes.ts';
export { dayPlanRoutes } from './day-plan-routes.ts';
