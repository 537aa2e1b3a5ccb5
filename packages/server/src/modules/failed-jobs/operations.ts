import { type Operations, ownerAction } from '../../engine/registry.ts';
import { EntityNotFoundError } from '../../platform/errors.ts';
import { retryJob } from '../../platform/jobs/queue.ts';
import { assertNoViolation, business } from '../../platform/violation.ts';

const REFUSALS = {
  'not failing': business('JOB_NOT_FAILING', 'Only a job that is retrying or dead can be retried'),
  running: business('JOB_RUNNING', 'The job is running right now: wait for its outcome'),
} as const;

export const failedJobOperations = {
  // Runs a failing job again now: a refusal when it is not failing (any more) or runs at the moment.
  'Job.retry': ownerAction(
    async (call, jobId) => {
      const outcome = await retryJob(call.db, jobId, call.now);
      if (outcome === 'missing') {
        throw new EntityNotFoundError();
      }
      if (outcome !== 'retried') {
        assertNoViolation([REFUSALS[outcome]]);
      }
    },
    { leavesActorsAndSettings: true },
  ),
} satisfies Partial<Operations>;
