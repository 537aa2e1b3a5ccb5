import type { Kysely } from 'kysely';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { DB } from '../db/schema.ts';
import { accountClaims } from './accounts.ts';
import { databaseAdapter } from './adapter.ts';
import { findDemoAccount } from './demo-accounts.ts';
import type { IdpKeys } from './keys.ts';
import {
  confirmLogoutPage,
  errorPage,
  type LoginLanguage,
  loginLanguage,
  logoutPage,
  signedOutPage,
} from './pages.ts';

export const IDP_PREFIX = '/idp';
export const INTERACTION_PATH = `${IDP_PREFIX}/interaction`;

export type EmbeddedIdpOptions = {
  issuer: string;
  publicUrl: string;
  clientId: string;
  audience: string;
  accessTokenTtl: number;
  keys: IdpKeys;
  db: Kysely<DB>;
};

const API_SCOPE = 'api';
// A signed-in browser stays signed in for two weeks of inactivity at most.
const SESSION_TTL = 14 * 24 * 60 * 60;
/** ID tokens live an hour: the app's sign-out sends its ID token, so a rotated key verifies at least that long. */
export const ID_TOKEN_TTL = 60 * 60;
const OIDC_SCOPES = 'openid profile email offline_access';

function isOnOrigin(uri: string, origin: string): boolean {
  return URL.parse(uri)?.origin === origin;
}

/**
 * The language a sign-out's pages keep to its end: the end-session request's `ui_locales` (the app sends its
 * own) is noted here when its page is shown, since neither the confirmation's POST nor the signed-out page that
 * follows carries it.
 */
const SIGN_OUT_LANGUAGE_COOKIE = 'parkhere.sign-out-language';

/**
 * The language of a provider page: the request's `ui_locales` (sign-in and end session accept it), else the one
 * its sign-out started with, else the browser's `Accept-Language`, else Hungarian (pages.ts loginLanguage).
 */
function pageLanguage(ctx: KoaContextWithOIDC): LoginLanguage {
  const uiLocales = ctx.oidc?.params?.ui_locales;
  return loginLanguage(
    typeof uiLocales === 'string' ? uiLocales : ctx.cookies.get(SIGN_OUT_LANGUAGE_COOKIE),
    ctx.get('accept-language'),
  );
}

/**
 * The embedded development OpenID provider (DESIGN §2): one public client, code + PKCE,
 * JWT access tokens for the API, refresh tokens, end session, demo accounts only.
 */
export function createEmbeddedProvider(options: EmbeddedIdpOptions): Provider {
  const { issuer, publicUrl, clientId, audience, accessTokenTtl, keys, db } = options;
  const origin = new URL(publicUrl).origin;
  // A resource indicator must be an absolute URI; the token's audience is configured separately.
  const resource = `${publicUrl}/api`;

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'ParkHere',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/`],
        post_logout_redirect_uris: [`${publicUrl}/`],
      },
    ],
    // The code flow only (with PKCE): no implicit or hybrid response type is offered, so discovery advertises
    // neither `implicit` nor a token from the authorization endpoint (OAuth 2.0 Security BCP).
    responseTypes: ['code'],
    jwks: keys.jwks as Configuration['jwks'],
    cookies: {
      keys: keys.cookieKeys,
      long: { secure: publicUrl.startsWith('https:') },
      short: { secure: publicUrl.startsWith('https:') },
    },
    scopes: OIDC_SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) {
            throw new errors.InvalidTarget();
          }
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          // Only the app's own sign-out carries an ID token of this very session's account (oidc-provider
          // has checked its signature and audience). Anything else, e.g. a link on another site, or one
          // with the ID token of the attacker's own account, must ask before signing the user out.
          const hintSubject = ctx.oidc.entities.IdTokenHint?.payload.sub;
          const fromApp = hintSubject !== undefined && hintSubject === ctx.oidc.session?.accountId;
          const language = pageLanguage(ctx);
          ctx.cookies.set(SIGN_OUT_LANGUAGE_COOKIE, language, {
            path: IDP_PREFIX,
            httpOnly: true,
            sameSite: 'lax',
            secure: publicUrl.startsWith('https:'),
            maxAge: 60 * 60 * 1000,
          });
          ctx.type = 'html';
          ctx.body = fromApp
            ? logoutPage(form, language)
            : confirmLogoutPage(form, `${publicUrl}/`, language);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(`${publicUrl}/`, pageLanguage(ctx));
        },
      },
    },
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: ID_TOKEN_TTL,
      Interaction: 60 * 60,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      RefreshToken: SESSION_TTL,
    },
    interactions: {
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    // The app calls the IdP from its own origin; no other site gets CORS access.
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === origin,
    findAccount: (_ctx, sub) => {
      const account = findDemoAccount(sub);
      if (account === undefined) {
        return undefined;
      }
      return { accountId: account.login, claims: () => accountClaims(account) };
    },
    extraTokenClaims: (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = accountId === undefined ? undefined : findDemoAccount(accountId);
      if (account === undefined) {
        return undefined;
      }
      const { email, email_verified, preferred_username, name } = accountClaims(account);
      return { email, email_verified, preferred_username, name };
    },
    // offline_access is dropped unless the request says prompt=consent; the first-party web
    // app never asks for consent, so refresh tokens are issued whenever the client may use them.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // A new refresh token on every use: a stolen one that comes back after its holder renewed is a used
    // one, and oidc-provider then revokes the whole grant (both parties must sign in again). Each tab of
    // the web app signs in on its own (session storage), so tabs never share one refresh token.
    rotateRefreshToken: true,
    // First-party client: consent is implied, so the grant is created without asking.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (client === undefined || session?.accountId === undefined) {
        return undefined;
      }
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId === undefined ? undefined : await ctx.oidc.provider.Grant.find(grantId);
      if (existing !== undefined) {
        return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(OIDC_SCOPES);
      grant.addResourceScope(resource, API_SCOPE);
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        Object.fromEntries(Object.entries(out).map(([key, value]) => [key, String(value ?? '')])),
        pageLanguage(ctx),
      );
    },
    enabledJWA: {
      authorizationSigningAlgValues: ['RS256'],
      idTokenSigningAlgValues: ['RS256'],
      userinfoSigningAlgValues: ['RS256'],
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = publicUrl.startsWith('https:');

  // The web app signs in from whatever page it is on (redirect_uri = that page), so any
  // redirect on the app's own origin is accepted, and nothing else.
  const ClientPrototype = provider.Client.prototype as {
    redirectUriAllowed: (uri: string) => boolean;
    postLogoutRedirectUriAllowed: (uri: string) => boolean;
  };
  ClientPrototype.redirectUriAllowed = (uri) => isOnOrigin(uri, origin);
  ClientPrototype.postLogoutRedirectUriAllowed = (uri) => isOnOrigin(uri, origin);
  return provider;
}
