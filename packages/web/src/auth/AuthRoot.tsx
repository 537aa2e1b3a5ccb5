import Button from '@mui/material/Button';
import { type ActorMeta, actorPaths, parseWithoutEval, type SecurityEntry } from '@parkhere/contract';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { StatusScreen } from './StatusScreen.tsx';

type SessionModule = typeof import('./OidcSession.tsx');

type MetaState =
  | { status: 'loading' }
  | { status: 'loaded'; provider: SecurityEntry; session: SessionModule }
  | { status: 'failed' };

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

type SessionStart = Promise<[unknown, SessionModule]>;

const startSession = (): SessionStart =>
  Promise.all([
    api.get<unknown>(actorPaths.meta, { anonymous: true, handleErrors: false }),
    import('./OidcSession.tsx'),
  ]);

let early: SessionStart | undefined;

/**
 * Called by the entry before the first render: the provider question and the OIDC client's code need neither
 * translations nor theme, so they travel while those load instead of after them.
 */
export function startSessionEarly(): void {
  // Before the first answer is parsed: the app's Content-Security-Policy has no 'unsafe-eval'.
  parseWithoutEval();
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
    // Taken once: a later mount (a test, the development double effect) asks again.
    const started = early ?? startSession();
    early = undefined;
    started
      .then(([body, session]) => {
        const provider = firstProvider(body);
        // A transition: React renders the session's tree in slices between other work, not in one long task.
        startTransition(() =>
          setMeta(provider ? { status: 'loaded', provider, session } : { status: 'failed' }),
        );
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
  return <OidcSession provider={meta.provider}>{children}</OidcSession>;
}
