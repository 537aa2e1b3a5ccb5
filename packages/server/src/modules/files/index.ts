import type { AuditedTable } from '../../platform/db/audit.ts';
import type { AnyRecurringJob } from '../../platform/jobs/recurring.ts';
import { fileCleanup } from './file-cleanup.ts';

export { type FileJobs as JobPayloads, fileJobHandlers as jobHandlers } from './file-cleanup.ts';
export { filesPlugin } from './files-plugin.ts';
export { fileStore, fileWithSizeSql } from './repository.ts';

/** The chains the composition root queues at start. */
export const recurringJobs: readonly AnyRecurringJob[] = [fileCleanup];

export const audited: readonly AuditedTable[] = [{ table: 'files', omit: ['content'] }];
