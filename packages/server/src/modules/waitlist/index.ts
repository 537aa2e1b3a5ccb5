import type { Sources } from '../../engine/registry.ts';
import { waitlistEntrySource } from './source.ts';

/*
 * The waitlist ([Fair share 1]): requests for a day with no free slot, served in order whenever a slot
 * becomes free for them, under every rule a direct reservation obeys.
 */
export { waitlistOperations as operations } from './operations.ts';
export { isWaitingSql } from './source.ts';

export const sources = {
  WaitlistEntry: waitlistEntrySource,
} satisfies Partial<Sources>;
