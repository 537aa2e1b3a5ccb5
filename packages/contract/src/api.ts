/* Plain constants of the HTTP surface: no zod here, the browser imports them at start-up. */

/** Paths of the Actor service, relative to the API base `/api`. */
export const API_BASE = '/api';
export const FILES_BASE = '/ParkHere';
export const actorPaths = {
  meta: 'services/Actor/~meta',
  principal: 'services/Actor/~principal',
  health: 'health',
} as const;

/** Request headers of SPEC §7. */
export const headers = {
  signedIdentifier: 'X-Judo-SignedIdentifier',
  mask: 'X-Judo-Mask',
  markSelectedRangeItems: 'X-Judo-MarkSelectedRangeItems',
  countRecords: 'X-Judo-CountRecords',
  count: 'X-Judo-Count',
  fault: 'X-Fault',
  token: 'X-Token',
} as const;
