import type { AccessPointRows, Sources } from '../../engine/registry.ts';
import { isFailingSql, type JobConcerns, jobSourceOf } from './source.ts';

/*
 * Failing jobs in sight ([Operations], issue 30): the administrators' list of the durable jobs retrying or
 * dead (Actor.failedJobs), each with what it concerns, and Job.retry to run one again now. The queue itself is
 * the platform's (platform/jobs); this module reads it and asks it to retry.
 */
export { failedJobOperations as operations } from './operations.ts';
export type { JobConcerns } from './source.ts';

/** The Job source, told what a job's payload ids stand for by the modules that own them. */
export const sourcesOf = (concerns: JobConcerns) =>
  ({ Job: jobSourceOf(concerns) }) satisfies Partial<Sources>;

/** The Actor's failedJobs lists only the failing jobs of every job administrators may read. */
export const accessPointRows = { failedJobs: isFailingSql } satisfies AccessPointRows;
