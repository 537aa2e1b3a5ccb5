import { boolean, integer, operation, relation, string, timestamp, transfer } from '../dsl.ts';
import type { TransferOf } from '../transfer-of.ts';

/**
 * A durable job that is failing (Actor.failedJobs, administrators only): retrying after a failure, or dead
 * after its last attempt, with what it concerns; `retry` runs it again now.
 */
export const Job = transfer('Job', {
  entity: 'Job',
  attributes: {
    kind: string({ readOnly: true, maxLength: 100 }),
    /** Failed its last attempt: runs again only when retried. */
    dead: boolean({ derived: true }),
    attempts: integer({ readOnly: true }),
    maxAttempts: integer({ readOnly: true }),
    lastError: string({ readOnly: true, maxLength: 2000 }),
    /** When the next attempt is due; null for a dead job. */
    nextRunAt: timestamp({ derived: true }),
    /** The reservation, draw request or day the job is about, in a few words. */
    concerns: string({ derived: true, maxLength: 500 }),
    createdAt: timestamp({ readOnly: true }),
  },
  relations: {
    /** The person the job is about: the reservation's owner, the draw request's requester; none for the rest. */
    user: relation('UserSettings', 'one'),
  },
  operations: {
    retry: operation({ bound: true }),
  },
});
export type Job = TransferOf<typeof Job>;
