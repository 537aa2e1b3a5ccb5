import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import type { Constraints } from '../../platform/errors.ts';
import type { AnyRecurringJob } from '../../platform/jobs/recurring.ts';
import type { LifecycleHooks } from '../../platform/lifecycle.ts';
import { eraseDoormenOf } from './erase-doorman.ts';
import { doormanSummary } from './jobs.ts';
import { doormanArrivalsSource, doormanInputSource, doormanSource } from './source.ts';
import { walkInInputSource } from './walk-in.ts';

export { type DoormanJobs as JobPayloads, doormanJobHandlers as jobHandlers } from './jobs.ts';
export { mailKinds } from './mail-kinds.ts';
export { doormanOperations as operations } from './operations.ts';
export { isDoormanEmail } from './repository.ts';

/* The doormen's sources, operations, job kinds and recurring jobs, for the registry and jobs.ts. */
export const sources = {
  Doorman: doormanSource,
  DoormanInput: doormanInputSource,
  DoormanArrivals: doormanArrivalsSource,
  WalkInInput: walkInInputSource,
} satisfies Partial<Sources>;

export const recurringJobs: readonly AnyRecurringJob[] = [doormanSummary];

/** An erased person is a doorman no more, and the doormen's rows and audit entries keep nothing of them. */
export const hooks: LifecycleHooks = { userErased: eraseDoormenOf };

export const audited: readonly AuditedTable[] = [{ table: 'doormen' }, { table: 'doorman_garages' }];

/** A doorman's email is unique (any case). */
export const constraints = {
  doormen_email_key: { attribute: 'email' },
} satisfies Constraints;
