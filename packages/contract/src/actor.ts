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

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
