import type { Operations } from '../../engine/registry.ts';

// Placeholders while the waitlist is built: every call is refused as not found.
const notYet = {
  handle: async () => {
    throw new Error('the waitlist is not built yet');
  },
};

export const waitlistOperations = {
  'UserReservationPanel.joinWaitlist': notYet,
  'WaitlistEntry.leaveWaitlist': notYet,
} satisfies Partial<Operations>;
