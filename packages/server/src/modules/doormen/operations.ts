import type { Operations } from '../../engine/registry.ts';
import { createDoorman } from './create-doorman.ts';

export const doormanOperations = {
  'ConfigurationSettings.createDoorman': {
    handle: (call) =>
      createDoorman(call.db, { input: call.input, garageIds: call.relationIds.accessedGarages ?? [] }),
  },
} satisfies Partial<Operations>;
