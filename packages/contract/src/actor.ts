import { z } from 'zod';

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

/**
 * `GET /api/health`: 200 while the server answers; `degraded` with its `reasons` when mail is failing or a
 * job queue waits longer than its limit (the server still serves).
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  reasons: z.array(z.string()),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** `GET /api/health/live` and `/api/health/ready` (503 `not-ready` while shutting down), for orchestrators. */
export const ProbeResponse = z.object({ status: z.enum(['live', 'ready', 'not-ready']) });
export type ProbeResponse = z.infer<typeof ProbeResponse>;
