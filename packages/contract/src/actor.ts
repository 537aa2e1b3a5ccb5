import { z } from 'zod';

/** `GET services/Actor/~meta`: the identity providers the web app may sign in with. */
export const SecurityEntry = z.object({ clientId: z.string(), name: z.string(), issuer: z.string() });
export type SecurityEntry = z.infer<typeof SecurityEntry>;
export const ActorMeta = z.object({ security: z.array(SecurityEntry).min(1) });
export type ActorMeta = z.infer<typeof ActorMeta>;

/**
 * The web client renews its access token this many seconds before it expires (SPEC §9). A token that lives
 * less than twice this long would be renewed again almost as soon as it arrives, so the server refuses to
 * issue shorter ones.
 */
export const ACCESS_TOKEN_RENEW_SECONDS = 60;
export const MIN_ACCESS_TOKEN_TTL_SECONDS = 2 * ACCESS_TOKEN_RENEW_SECONDS;

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
