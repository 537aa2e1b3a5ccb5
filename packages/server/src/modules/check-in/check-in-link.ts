import { FILES_BASE } from '@parkhere/contract';
import { createPurposeLinks } from '../../platform/http/purpose-tokens.ts';

/** The purpose a check-in link's token names: a token of any other purpose is no check-in link. */
export const CHECK_IN_PURPOSE = 'check-in';

/** Where a check-in link points, below FILES_BASE (`/ParkHere/check-in/{token}`). */
export const CHECK_IN_PATH = '/check-in';

/** Who checks in through a link, for the audit log: whoever holds the mail's link of that reservation. */
export const checkInLinkActor = (reservationId: string): string => `check-in-link:${reservationId}`;

export type CheckInLinks = {
  /** The link of a reservation; `closesAt`, its window's close as it is mailed, is signed into it (PurposeLinks). */
  url: (reservationId: string, closesAt: Date) => string;
  /** The reservation a genuine check-in link names; undefined when it is forged or of another purpose. */
  named: (token: string) => string | undefined;
};

/**
 * The mails' check-in links: the token is the only credential, so it names one reservation and one purpose,
 * signed. It works until the reservation's check-in window closes as it is now (the routes read it from the
 * reservation, so a link mailed before a time-zone change follows the window it moved).
 */
export function createCheckInLinks(secret: string, publicUrl: string): CheckInLinks {
  return createPurposeLinks(secret, {
    publicUrl,
    base: FILES_BASE,
    path: CHECK_IN_PATH,
    purpose: CHECK_IN_PURPOSE,
  });
}
