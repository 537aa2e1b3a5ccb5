import { z } from 'zod';

/*
 * Web Push (issue 32, item 4): a browser that turned notifications on in Profile settings is told at once of
 * what the mails tell later (a waitlist promotion, a check-in window opening, a no-show release, a draw's
 * result). Its routes are api.ts's pushPaths, plain for the browser's start; the schemas below are the one
 * source of their bodies' types and of their description in /api/openapi.json.
 */

/** An endpoint's longest accepted spelling (push services' are about 200–600 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

const endpoint = z.string().min(1).max(PUSH_ENDPOINT_MAX_LENGTH);

/** A browser's PushSubscription as its toJSON() spells it. */
export const PushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes uncompressed, base64url). */
    p256dh: base64url(128),
    /** The browser's authentication secret (16 bytes, base64url). */
    auth: base64url(64),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/** Which subscription of the caller's to remove: the browser's own endpoint. */
export const PushUnsubscribeSchema = z.object({ endpoint });
export type PushUnsubscribe = z.infer<typeof PushUnsubscribeSchema>;

export const VapidPublicKeySchema = z.strictObject({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof VapidPublicKeySchema>;

/** The caller's subscriptions after a change, and (the test) how many were sent the test notification. */
export const PushStateSchema = z.strictObject({ subscriptions: z.number().int().min(0) });
export type PushState = z.infer<typeof PushStateSchema>;

/**
 * Why an endpoint is refused (400 at `endpoint`): not https (http is accepted only for loopback endpoints while
 * ALLOW_TEST_PUSH_ENDPOINTS=true, and any other scheme never), a name that resolves to (or an address that is)
 * loopback, private, link-local or otherwise not public, and a name that does not resolve.
 */
export const PUSH_ENDPOINT_CODES = [
  'PUSH_ENDPOINT_NOT_HTTPS',
  'PUSH_ENDPOINT_NOT_PUBLIC',
  'PUSH_ENDPOINT_UNRESOLVED',
] as const;
export type PushEndpointCode = (typeof PUSH_ENDPOINT_CODES)[number];

/** What a notification offers to do: check the reservation in, or give it back ("Not coming"). */
export const PUSH_ACTIONS = ['check-in', 'release'] as const;
export type PushAction = (typeof PUSH_ACTIONS)[number];

/**
 * A push message as the service worker reads it (decrypted): the notification's title and body in the user's
 * language, the app's address it opens, a tag (one notification per reservation and event), and for a
 * reservation its signed identifier and the signed single-purpose links its actions POST to (no sign-in, as
 * the mails' links).
 */
export type PushMessage = {
  title: string;
  body: string;
  /** The app's address the notification opens (same origin). */
  url: string;
  tag: string;
  lang: string;
  reservation?: {
    signedIdentifier: string;
    /** The actions the notification offers, each with the link it POSTs to. */
    actions: { action: PushAction; title: string; url: string }[];
  };
};
