import type { Sources } from '../../engine/registry.ts';
import type { AuditedTable } from '../../platform/db/audit.ts';
import { carSource, createCarInputSource } from './source.ts';

export { carOperations as operations } from './operations.ts';

export const sources = { Car: carSource, CreateCarInput: createCarInputSource } satisfies Partial<Sources>;

export const audited: readonly AuditedTable[] = [{ table: 'cars' }];
