import type { Operations } from '../../engine/registry.ts';
import { createDoorman } from './create-doorman.ts';
import { walkInOperations } from './walk-in.ts';

export const doormanOperations = {
  'ConfigurationSettings.createDoorman': {
    handle: (call) =>
      createDoorman(call.db, { input: call.input, garageIds: call.relationIds.accessedGarages ?? [] }),
  },
  ...walkInOperations,
} satisfies Partial<Operations>;
