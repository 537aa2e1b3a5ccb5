import type { Sources } from '../../engine/registry.ts';
import { auditEntrySource } from './source.ts';

/* The audit log's reading side (issue 28, item 8): its list for administrators and its retention. */

export const sources = {
  AuditEntry: auditEntrySource,
} satisfies Partial<Sources>;
