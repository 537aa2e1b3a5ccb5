import { type Operations, ownerOf } from '../../engine/registry.ts';

export const userOperations = {
  /** Reads only: the engine answers DeactivationRelease of the bound user, counted as of the request. */
  'UserSettings.queryDeactivationRelease': {
    handle: async (call) => ({ id: ownerOf(call) }),
    leavesActorsAndSettings: true,
  },
} satisfies Partial<Operations>;
