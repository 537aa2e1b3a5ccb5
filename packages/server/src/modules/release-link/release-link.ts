import { FILES_BASE } from '@parkhere/contract';
import { createPurposeLinks, type PurposeLinks } from '../../platform/http/purpose-tokens.ts';

/** The purpose a release link's token names: a check-in link's token (or any other) releases nothing. */
export const RELEASE_PURPOSE = 'release';

/** Where a release link points, below FILES_BASE (`/ParkHere/release/{token}`). */
export const RELEASE_PATH = '/release';

/** Who gave a reservation back through a link, for the audit log: whoever holds the mail's link of it. */
export const releaseLinkActor = (reservationId: string): string => `release-link:${reservationId}`;

/**
 * The mails' "Not coming?" links: the token is the only credential, so it names one reservation, one purpose
 * ('release', under the signing secret's own derivation for purpose links), and expires when the reservation
 * starts (`url(reservationId, startsAt)`).
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
