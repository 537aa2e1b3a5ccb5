import type { Sources } from '../../engine/registry.ts';
import type { AnyRecurringJob } from '../../platform/jobs/recurring.ts';
import { auditPrune } from './prune.ts';
import { auditEntrySource } from './source.ts';

/* The audit log's reading side (issue 28, item 8): its list for administrators and its retention. */

export { type AuditJobs as JobPayloads, auditJobHandlers as jobHandlers } from './prune.ts';

export const sources = {
  AuditEntry: auditEntrySource,
} satisfies Partial<Sources>;

/** The chain the composition root queues at start: the daily pruning. */
export const recurringJobs: readonly AnyRecurringJob[] = [auditPrune];
