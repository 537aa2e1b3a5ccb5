import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The job whose handler is running, for what must be the same on every attempt of it wherever it runs (a
 * mail's Message-ID) without every handler passing its job along to the code that sends.
 */
export type RunningJob = { id: string; createdAt: Date };

const running = new AsyncLocalStorage<RunningJob>();

/** The job the calling code runs for; undefined outside a job (a request, a test calling a sender). */
export const runningJob = (): RunningJob | undefined => running.getStore();

export const runAsJob = <T>(job: RunningJob, run: () => Promise<T>): Promise<T> => running.run(job, run);
