import Button from '@mui/material/Button';
import type { ActorMeta, SecurityEntry } from '@parkhere/contract';
import { actorPaths } from '@parkhere/contract/plain';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import type { OidcStart } from './OidcSession.tsx';
import { StatusScreen } from './StatusScreen.tsx';

type SessionModule = typeof import('./OidcSession.tsx');
type Session = { session: SessionModule; start: OidcStart };

type MetaState = { status: 'loading' } | ({ status: 'loaded' } & Session) | { status: 'failed' };

// A structural check instead of the contract's zod schema keeps zod out of the first-load bundle.
function firstProvider(body: unknown): SecurityEntry | undefined {
  const security = (body as Partial<ActorMeta> | null)?.security;
  const first: unknown = Array.isArray(security) ? security[0] : undefined;
  if (typeof first !== 'object' || first === null) {
    return undefined;
  }
  const { clientId, name, issuer } = first as Record<string, unknown>;
  return typeof clientId === 'string' && typeof name === 'string' && typeof issuer === 'string'
    ? { clientId, name, issuer }
    : undefined;
}

/** The OIDC session, or none when the server names no provider. */
type SessionStart = Promise<Session | undefined>;

/**
 * Which provider (`~meta`, no Authorization) and the OIDC client's code, together; the client starts as soon as
 * both are there (in a tab without a session, its silent sign-in: OidcSession's startOidcSession).
 */
const startSession = (): SessionStart =>
  Promise.all([
    api.get<unknown>(actorPaths.meta, { anonymous: true, handleErrors: false }),
    import('./OidcSession.tsx'),
  ]).then(([body, session]) => {
    const provider = firstProvider(body);
    return provider && { session, start: session.startOidcSession(provider) };
  });

let early: SessionStart | undefined;

/**
 * Called by the entry before the first render: the provider question, the OIDC client's code and a launch's
 * silent sign-in need neither translations nor theme, so they travel while those load instead of after them.
 */
export function startSessionEarly(): void {
  early = startSession();
}

/**
 * Reads which provider to sign in with (`~meta`, no Authorization), then starts OIDC around the gate. The
 * OIDC client cannot start before the answer anyway, so it loads alongside the request.
 */
export function AuthRoot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('system');
  const [meta, setMeta] = useState<MetaState>({ status: 'loading' });

  useEffect(() => {
    // One session per page: a second mount (the development double effect) takes the same, not a second
    // silent sign-in beside the first.
    early ??= startSession();
    early
      .then((session) => {
        // A transition: React renders the session's tree in slices between other work, not in one long task.
        startTransition(() => setMeta(session ? { status: 'loaded', ...session } : { status: 'failed' }));
      })
      .catch((error: unknown) => {
        console.error('Could not read the identity provider', error);
        setMeta({ status: 'failed' });
      });
  }, []);

  if (meta.status === 'failed') {
    return (
      <StatusScreen
        title={t('auth.loginFailed')}
        message={t('error.noResponse')}
        actions={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('action.reload')}
          </Button>
        }
      />
    );
  }
  if (meta.status === 'loading') {
    return <StatusScreen busy title={t('auth.signingInOut')} />;
  }
  const { OidcSession } = meta.session;
  return <OidcSession start={meta.start}>{children}</OidcSession>;
}
