import type { Sources } from '../../engine/registry.ts';
import { doormanArrivalsSource, doormanInputSource, doormanSource } from './source.ts';

export { doormanMailHandlers } from './mail-handlers.ts';
export { doormanOperations as operations } from './operations.ts';

/* The doormen's sources, operations and mail jobs, for the registry and jobs.ts. */
export const sources = {
  Doorman: doormanSource,
  DoormanInput: doormanInputSource,
  DoormanArrivals: doormanArrivalsSource,
} satisfies Partial<Sources>;
