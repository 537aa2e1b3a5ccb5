import Button from '@mui/material/Button';
import { type ActorMeta, actorPaths, type SecurityEntry } from '@parkhere/contract';
import { type ReactNode, useEffect, useState } from 'react';
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

/**
 * Reads which provider to sign in with (`~meta`, no Authorization), then starts OIDC around the gate. The
 * OIDC client cannot start before the answer anyway, so it loads alongside the request.
 */
export function AuthRoot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('system');
  const [meta, setMeta] = useState<MetaState>({ status: 'loading' });

  useEffect(() => {
    Promise.all([
      api.get<unknown>(actorPaths.meta, { anonymous: true, handleErrors: false }),
      import('./OidcSession.tsx'),
    ])
      .then(([body, session]) => {
        const provider = firstProvider(body);
        setMeta(provider ? { status: 'loaded', provider, session } : { status: 'failed' });
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
