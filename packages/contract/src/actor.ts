import { z } from 'zod';

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

/** `GET services/Actor/~meta`: the identity providers the web app may sign in with. */
export const SecurityEntry = z.object({ clientId: z.string(), name: z.string(), issuer: z.string() });
export type SecurityEntry = z.infer<typeof SecurityEntry>;
export const ActorMeta = z.object({ security: z.array(SecurityEntry).min(1) });
export type ActorMeta = z.infer<typeof ActorMeta>;

/** `GET services/Actor/~principal`: the signed-in user as the app knows them. */
export const Principal = z.object({
  __signedIdentifier: z.string(),
  __entityType: z.literal('ParkHere::Principal'),
  preferredUsername: z.string(),
  name: z.string(),
  email: z.string(),
  isAdministrator: z.boolean(),
  isDoorman: z.boolean(),
  imageSrc: z.string().nullable(),
});
export type Principal = z.infer<typeof Principal>;

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
