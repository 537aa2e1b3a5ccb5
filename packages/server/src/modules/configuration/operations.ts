import type { Operations } from '../../engine/registry.ts';
import { createDay } from './create-day.ts';

export const configurationOperations = {
  'ConfigurationSettings.createDay': { handle: (call) => createDay(call.db, { input: call.input }) },
} satisfies Partial<Operations>;
