import { type Operations, ownerOf } from '../../engine/registry.ts';
import type { Anonymise } from './anonymise-user.ts';

/** The users' operations; `anonymise` is the erasure with the modules' hooks, handed in by the composition. */
export const userOperationsOf = (anonymise: Anonymise) =>
  ({
    /** Reads only: the engine answers DeactivationRelease of the bound user, counted as of the request. */
    'UserSettings.queryDeactivationRelease': {
      handle: async (call) => ({ id: ownerOf(call) }),
      leavesActorsAndSettings: true,
    },
    'UserSettings.anonymise': {
      handle: async (call) => {
        await anonymise(call.db, { userId: ownerOf(call), now: call.now });
        return undefined;
      },
    },
  }) satisfies Partial<Operations>;
