/*
 * The release link (issue 32, item 3): the confirmation and reminder mails carry a signed single-purpose link,
 * `/ParkHere/release/{token}`, whose page gives the reservation back in one tap without signing in (deleted as
 * its owner would, reservations' `giveBackReservation`; the slot goes to the waitlist). The token names one
 * reservation and stops working when the reservation starts, as it is now (a time-zone change moves its start).
 */
export { createReleaseLinks, type ReleaseLinks } from './release-link.ts';
export { releaseRoutes } from './release-routes.ts';
