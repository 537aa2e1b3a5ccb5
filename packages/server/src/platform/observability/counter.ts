import { Counter } from 'prom-client';

/**
 * A counter a part of the server declares beside the code that counts (a module its reservations, the
 * platform its mail) and increments once its change committed. It belongs to no registry: each app's
 * registry (metrics.ts at the root) takes in every declared one, so the parts know nothing of each other.
 * Counts are of this process since its start, as Prometheus expects of a counter.
 */
export const declaredCounter = (name: string, help: string, labelNames: readonly string[] = []) =>
  new Counter({ name, help, labelNames, registers: [] });

export type DeclaredCounter = ReturnType<typeof declaredCounter>;
