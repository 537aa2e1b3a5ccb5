import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { authenticateDemoAccount } from './accounts.ts';
import { errorPage, type LoginLanguage, loginLanguage, loginPage, loginTexts, waitText } from './pages.ts';
import { IDP_PREFIX, INTERACTION_PATH } from './provider.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

const ASSETS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

type Asset = { type: string; body: string | Buffer };

/*
 * The sign-in pages use the app's font (Source Sans 3, from the same package the web app bundles), in the
 * weights they show: the package's own @font-face rules, pointed at files served next to them. Each script
 * (latin, latin-ext for Hungarian, …) is a separate file the browser fetches only when a page needs it.
 */
const FONT_DIR = path.dirname(
  createRequire(import.meta.url).resolve('@fontsource/source-sans-3/package.json'),
);
const FONT_WEIGHTS = ['400', '600', '700'] as const;
const FONT_FILE = /^source-sans-3-[a-z-]+-(400|600|700)-normal\.woff2?$/;

function fontAssets(): Record<string, Asset> {
  const files = readdirSync(path.join(FONT_DIR, 'files')).filter((file) => FONT_FILE.test(file));
  const css = FONT_WEIGHTS.map((weight) => readFileSync(path.join(FONT_DIR, `${weight}.css`), 'utf8'))
    .join('\n')
    .replaceAll('url(./files/', 'url(./');
  return Object.fromEntries([
    ['fonts.css', { type: 'text/css; charset=utf-8', body: css }],
    ...files.map((file) => [
      file,
      {
        type: file.endsWith('.woff2') ? 'font/woff2' : 'font/woff',
        body: readFileSync(path.join(FONT_DIR, 'files', file)),
      },
    ]),
  ]);
}

const ASSETS: Readonly<Record<string, Asset>> = {
  'idp.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(path.join(ASSETS_DIR, 'idp.css'), 'utf8'),
  },
  'logout.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(path.join(ASSETS_DIR, 'logout.js'), 'utf8'),
  },
  ...fontAssets(),
};

const LoginForm = z.object({ login: z.string().default(''), password: z.string().default('') });
const UidParams = z.object({ uid: z.string().min(1) });

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
}

/** Runs a step that writes the raw response itself; a failure still ends the response. */
async function hijacked(request: FastifyRequest, reply: FastifyReply, step: () => Promise<void>) {
  reply.hijack();
  try {
    await step();
  } catch (error) {
    request.log.error({ err: error }, 'sign-in interaction failed');
    if (!reply.raw.headersSent) {
      reply.raw.statusCode = 500;
      reply.raw.setHeader('Content-Type', 'text/html; charset=utf-8');
    }
    reply.raw.end(
      errorPage(
        { error: 'server_error', error_description: 'The sign-in could not be completed.' },
        loginLanguage(undefined, request.headers['accept-language']),
      ),
    );
  }
}

/**
 * The language the person signing in reads: the app's (`ui_locales` of the sign-in it started), else the
 * browser's. An interaction that expired has no `ui_locales` any more; the browser's language serves then.
 */
async function languageOfSignIn(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<LoginLanguage> {
  const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
  return languageOfDetails(details, request);
}

function languageOfDetails(
  details: { params: Record<string, unknown> } | undefined,
  request: FastifyRequest,
): LoginLanguage {
  const uiLocales = details?.params.ui_locales;
  return loginLanguage(
    typeof uiLocales === 'string' ? uiLocales : undefined,
    request.headers['accept-language'],
  );
}

export type EmbeddedIdpPages = {
  /** Slows down password guessing (sign-in-policy.ts). */
  throttle: SignInThrottle;
  /** The login form names the demo accounts (only at a local PUBLIC_URL). */
  showDemoAccounts: boolean;
  /** Whether the user an account signs in as has been deactivated (the app's sign-in would refuse them). */
  isDeactivated: (account: { subject: string; email: string }) => Promise<boolean>;
};

/**
 * Mounts the provider at /idp. It reads request bodies itself, so its scope has no Fastify body
 * parsers; the login interaction pages live in a sibling scope with a form parser.
 */
export async function registerEmbeddedIdp(
  app: FastifyInstance,
  provider: Provider,
  { throttle, showDemoAccounts, isDeactivated }: EmbeddedIdpPages,
): Promise<void> {
  provider.on('server_error', (_ctx, error) => {
    app.log.error({ err: error }, 'identity provider error');
  });
  const callback = provider.callback();

  app.get<{ Params: { file: string } }>(`${IDP_PREFIX}/assets/:file`, (request, reply) => {
    const asset = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
    if (asset === undefined) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply.type(asset.type).header('Cache-Control', 'no-cache').send(asset.body);
  });

  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const handOver = (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const url = raw.url ?? '/';
        // oidc-provider works out its mount path from originalUrl when building its own URLs.
        raw.originalUrl = url;
        raw.url = url.slice(IDP_PREFIX.length) || '/';
        void callback(raw, reply.raw);
      };
      scope.all('/', handOver);
      scope.all('/*', handOver);
    },
    { prefix: IDP_PREFIX },
  );

  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

      scope.get('/:uid', async (request, reply) => {
        const { uid } = UidParams.parse(request.params);
        let details: Awaited<ReturnType<Provider['interactionDetails']>>;
        try {
          details = await provider.interactionDetails(request.raw, reply.raw);
        } catch {
          const language = loginLanguage(undefined, request.headers['accept-language']);
          return sendHtml(reply, 400, errorPage({ error: loginTexts(language).expired }, language));
        }
        const language = languageOfDetails(details, request);
        if (details.uid !== uid) {
          return sendHtml(reply, 400, errorPage({ error: loginTexts(language).mismatch }, language));
        }
        switch (details.prompt.name) {
          case 'login':
            return sendHtml(
              reply,
              200,
              loginPage({ action: `${INTERACTION_PATH}/${uid}/login`, language, showDemoAccounts }),
            );
          case 'consent':
            // The first-party app needs no consent screen: grant what it asked for.
            return hijacked(request, reply, async () => {
              const accountId = details.session?.accountId;
              const clientId = String(details.params.client_id ?? '');
              const grant =
                (details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)) ??
                new provider.Grant({ accountId, clientId });
              const missing = details.prompt.details as {
                missingOIDCScope?: string[];
                missingOIDCClaims?: string[];
                missingResourceScopes?: Record<string, string[]>;
              };
              if (missing.missingOIDCScope !== undefined) {
                grant.addOIDCScope(missing.missingOIDCScope.join(' '));
              }
              if (missing.missingOIDCClaims !== undefined) {
                grant.addOIDCClaims(missing.missingOIDCClaims);
              }
              for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
                grant.addResourceScope(indicator, scopes.join(' '));
              }
              const grantId = await grant.save();
              await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } });
            });
          default:
            return sendHtml(
              reply,
              400,
              errorPage({ error: loginTexts(language).unsupported(details.prompt.name) }, language),
            );
        }
      });

      scope.post('/:uid/login', async (request, reply) => {
        const { uid } = UidParams.parse(request.params);
        const form = LoginForm.safeParse(request.body ?? {});
        const login = form.success ? form.data.login : '';
        const action = `${INTERACTION_PATH}/${uid}/login`;
        const language = await languageOfSignIn(provider, request, reply);
        const texts = loginTexts(language);
        const tooMany = (wait: number) =>
          sendHtml(
            reply.header('Retry-After', String(Math.ceil(wait / 1000))),
            429,
            loginPage({
              action,
              language,
              login,
              showDemoAccounts,
              error: texts.tooMany(waitText(wait, language)),
            }),
          );
        // While a try waits its password is not even checked, so guesses then tell nothing.
        const attempt = await throttle.begin(login, request.ip);
        if (attempt.wait > 0) {
          return tooMany(attempt.wait);
        }
        const account = form.success ? authenticateDemoAccount(login, form.data.password) : undefined;
        if (account === undefined) {
          return sendHtml(
            reply,
            401,
            loginPage({ action, language, login, showDemoAccounts, error: texts.invalid }),
          );
        }
        await attempt.succeeded();
        // Told here, in the person's language, rather than signed in only to be refused by the app.
        if (await isDeactivated({ subject: account.login, email: account.email })) {
          return sendHtml(
            reply,
            403,
            loginPage({ action, language, login, showDemoAccounts, error: texts.deactivated }),
          );
        }
        return hijacked(request, reply, () =>
          provider.interactionFinished(
            request.raw,
            reply.raw,
            { login: { accountId: account.login } },
            { mergeWithLastSubmission: false },
          ),
        );
      });
    },
    { prefix: INTERACTION_PATH },
  );
}
