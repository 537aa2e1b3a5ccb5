import type { Sources } from '../../engine/registry.ts';
import { carSource, createCarInputSource } from './source.ts';

export { carOperations as operations } from './operations.ts';

export const sources = { Car: carSource, CreateCarInput: createCarInputSource } satisfies Partial<Sources>;
