import { describe, expect, it } from 'vitest';
import { waitlistOfferOf } from './waitlistOffer.ts';

describe('the reservation form’s waitlist offer', () => {
  it.each([
    { name: 'offers to join when no slot is free', slots: [], stale: false, type: 'NORMAL', offer: 'join' },
    { name: 'offers it for a guest as well', slots: [], stale: false, type: 'GUEST', offer: 'join' },
    { name: 'offers it for a quick reservation', slots: [], stale: false, type: 'QUICK', offer: 'join' },
    {
      name: 'tells a long series there is no slot without offering the waitlist',
      slots: [],
      stale: false,
      type: 'LONG',
      offer: 'notForSeries',
    },
    { name: 'offers nothing while a slot is free', slots: [{}], stale: false, type: 'NORMAL', offer: 'none' },
    {
      name: 'offers nothing before the slots are asked for',
      slots: null,
      stale: false,
      type: 'NORMAL',
      offer: 'none',
    },
    {
      name: 'offers nothing while the answer of a changed draft loads',
      slots: [],
      stale: true,
      type: 'NORMAL',
      offer: 'none',
    },
    { name: 'offers nothing without a type', slots: [], stale: false, type: null, offer: 'none' },
  ] as const)('$name', ({ slots, stale, type, offer }) => {
    expect(waitlistOfferOf({ slots, stale, reservationType: type })).toBe(offer);
  });
});
