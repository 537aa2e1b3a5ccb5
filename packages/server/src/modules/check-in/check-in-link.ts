import { FILES_BASE } from '@parkhere/contract';
import { createPurposeLinks } from '../../platform/http/purpose-tokens.ts';

/** The purpose a check-in link's token names: a token of any other purpose is no check-in link. */
export const CHECK_IN_PURPOSE = 'check-in';

/** Where a check-in link points, below FILES_BASE (`/ParkHere/check-in/{token}`). */
export const CHECK_IN_PATH = '/check-in';

/** Who checks in through a link, for the audit log: whoever holds the mail's link of that reservation. */
export const checkInLinkActor = (reservationId: string): string => `check-in-link:${reservationId}`;

export type CheckInLinks = {
  /** The link of a reservation, working until its check-in window closes. */
  url: (reservationId: string, closesAt: Date) => string;
  /** The reservation a link's token names, or undefined when it is forged, of another purpose or expired. */
  verify: (token: string, now: Date) => string | undefined;
};

/** The mails' check-in links: the token is the only credential, so it names one reservation and expires. */
export function createCheckInLinks(secret: string, publicUrl: string): CheckInLinks {
  return createPurposeLinks(secret, {
    publicUrl,
    base: FILES_BASE,
    path: CHECK_IN_PATH,
    purpose: CHECK_IN_PURPOSE,
  });
}
