import type { ReservationType } from '@parkhere/contract';

/*
 * When the reservation form offers the waitlist (Fair share 1): only once the free slots of exactly the draft's
 * date, times and type have been answered and there is none. A LONG series is all or nothing and the server
 * does not wait for it, so it is only told there is no slot.
 */

export type WaitlistOffer = 'none' | 'join' | 'notForSeries';

export type WaitlistOfferInput = {
  /** The free slots of the draft; null while they are not asked for (the draft is incomplete). */
  slots: readonly unknown[] | null;
  /** The slots shown still belong to an earlier draft while the new answer loads. */
  stale: boolean;
  reservationType: ReservationType | null;
};

export function waitlistOfferOf({ slots, stale, reservationType }: WaitlistOfferInput): WaitlistOffer {
  if (slots === null || stale || slots.length > 0 || reservationType === null) {
    return 'none';
  }
  return reservationType === 'LONG' ? 'notForSeries' : 'join';
}
