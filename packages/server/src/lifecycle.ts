import * as waitlist from './modules/waitlist/index.ts';
import { lifecycleOf } from './platform/lifecycle.ts';

/**
 * The modules' lifecycle hooks, assembled as registry.ts assembles operations: `runLifecycle(tx, 'userLeft',
 * …)` runs every module's handler of the event in the caller's transaction `tx`.
 */
export const runLifecycle = lifecycleOf([waitlist.hooks]);
