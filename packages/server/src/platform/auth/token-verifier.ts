import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { z } from 'zod';
import { AuthenticationError } from '../errors.ts';

/** The identity an access token vouches for. */
export type TokenIdentity = {
  /** The configured issuer the token was verified against; with `subject`, what a user is bound to. */
  issuer: string;
  subject: string;
  /** The provider vouches for `email` (its `email_verified` claim). */
  emailVerified: boolean;
  email: string | undefined;
  preferredUsername: string | undefined;
  name: string | undefined;
};

export type TokenVerifier = (token: string) => Promise<TokenIdentity>;

export type TokenVerifierOptions = {
  issuer: string;
  audience: string;
  /** The issuer's public keys when they are at hand (embedded IdP); else fetched from its discovery document. */
  jwks?: JSONWebKeySet;
  /**
   * Keys of `jwks` a rotation replaced, by kid: a token they signed is accepted until the instant, then it is
   * expired (the client renews it, signed with the current key), also on a server that has not restarted since.
   */
  retiredKeys?: ReadonlyMap<string, Date>;
};

// Asymmetric only: an HMAC or unsigned ('none') token would be forgeable.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const CLOCK_TOLERANCE_SECONDS = 60;

const Discovery = z.object({ jwks_uri: z.url() });

/** Keys of an external issuer: its discovery document names the JWKS, fetched lazily and cached by jose. */
function remoteKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) {
      throw new Error(`OpenID discovery at ${url} answered ${response.status}`);
    }
    const { jwks_uri } = Discovery.parse(await response.json());
    return createRemoteJWKSet(new URL(jwks_uri));
  };
  return async (header, token) => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}

/*
 * A claim is text the app stores and shows (a user's subject, email, name). A control character in one is no
 * name anybody has: NUL cannot be stored in PostgreSQL at all, and the others would end up in logs and mails.
 * The provider signed the token, but its users choose some of these claims, so such a token is refused (401).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

const IDENTITY_CLAIMS = ['sub', 'email', 'preferred_username', 'name'] as const;

function hasControlCharacters(payload: JWTPayload): boolean {
  return IDENTITY_CLAIMS.some((name) => {
    const value = payload[name];
    return typeof value === 'string' && CONTROL_CHARACTER.test(value);
  });
}

function claim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keys = options.jwks === undefined ? remoteKeys(options.issuer) : createLocalJWKSet(options.jwks);
  const verified = new VerifiedTokens();
  return async (token) => {
    const known = verified.get(token);
    if (known !== undefined) {
      return known;
    }
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      });
      if (hasControlCharacters(payload)) {
        throw new AuthenticationError('AUTHENTICATION_REQUIRED');
      }
      const identity = {
        issuer: options.issuer,
        subject: payload.sub ?? '',
        // Some providers send the flag as a string.
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        email: claim(payload, 'email'),
        preferredUsername: claim(payload, 'preferred_username'),
        name: claim(payload, 'name'),
      };
      const retired = options.retiredKeys?.get(protectedHeader.kid ?? '');
      const validUntil = Math.min(
        (payload.exp ?? 0) + CLOCK_TOLERANCE_SECONDS,
        retired === undefined ? Number.POSITIVE_INFINITY : retired.getTime() / 1000,
      );
      if (Date.now() / 1000 > validUntil) {
        throw new AuthenticationError('ACCESS_TOKEN_EXPIRED');
      }
      verified.set(token, identity, validUntil);
      return identity;
    } catch (error) {
      if (error instanceof AuthenticationError) {
        throw error;
      }
      // jose checks the signature before the claims, so only a genuine token can be 'expired'.
      if (error instanceof errors.JWTExpired) {
        throw new AuthenticationError('ACCESS_TOKEN_EXPIRED');
      }
      throw new AuthenticationError('AUTHENTICATION_REQUIRED');
    }
  };
}

/**
 * Tokens whose signature and claims were checked, until they expire: a client sends the same access token with
 * every call for its lifetime, and an RSA verification per request was a large part of a request's cost. A token
 * is immutable, so the first verdict holds until its `exp` (with the same tolerance jose applies).
 */
class VerifiedTokens {
  private static readonly MAX = 10_000;
  private readonly entries = new Map<string, { identity: TokenIdentity; validUntil: number }>();

  get(token: string): TokenIdentity | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) {
      return undefined;
    }
    if (Date.now() / 1000 > entry.validUntil) {
      this.entries.delete(token);
      throw new AuthenticationError('ACCESS_TOKEN_EXPIRED');
    }
    return entry.identity;
  }

  set(token: string, identity: TokenIdentity, validUntil: number): void {
    if (this.entries.size >= VerifiedTokens.MAX) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) {
        this.entries.delete(oldest);
      }
    }
    this.entries.set(token, { identity, validUntil });
  }
}

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined) {
    return undefined;
  }
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization.trim());
  return match?.[1];
}
