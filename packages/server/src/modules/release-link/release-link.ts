import { FILES_BASE } from '@parkhere/contract';
import { createPurposeLinks, type PurposeLinks } from '../../platform/http/purpose-tokens.ts';

/** The purpose a release link's token names: a check-in link's token (or any other) releases nothing. */
export const RELEASE_PURPOSE = 'release';

/** Where a release link points, below FILES_BASE (`/ParkHere/release/{token}`). */
export const RELEASE_PATH = '/release';

/** Who gave a reservation back through a link, for the audit log: whoever holds the mail's link of it. */
export const releaseLinkActor = (reservationId: string): string => `release-link:${reservationId}`;

/**
 * The mails' "Not coming?" links: the token is the only credential, so it names one reservation and one purpose
 * ('release', under the signing secret's own derivation for purpose links), signed. It stops working when its
 * reservation starts as it is now, which the routes read from the reservation: the start signed into it
 * (`url(reservationId, startsAt)`) is the one of when it was mailed, which a change of the time zone moves.
 */
export type ReleaseLinks = PurposeLinks;

export function createReleaseLinks(secret: string, publicUrl: string): ReleaseLinks {
  return createPurposeLinks(secret, {
    publicUrl,
    base: FILES_BASE,
    path: RELEASE_PATH,
    purpose: RELEASE_PURPOSE,
  });
}
