import Button from '@mui/material/Button';
import { type ActorMeta, actorPaths, type SecurityEntry } from '@parkhere/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthProvider } from 'react-oidc-context';
import { api } from '../api/client.ts';
import { AuthGate } from './AuthGate.tsx';
import { oidcSettings } from './oidcSettings.ts';
import { StatusScreen } from './StatusScreen.tsx';

type MetaState = { status: 'loading' } | { status: 'loaded'; provider: SecurityEntry } | { status: 'failed' };

/** SPEC §2.6: after the sign-in redirect, the query string is dropped from the address. */
function dropSignInResponse(): void {
  window.history.replaceState(window.history.state, document.title, window.location.pathname);
}

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

/** Reads which provider to sign in with (`~meta`, no Authorization), then starts OIDC around the gate. */
export function AuthRoot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('system');
  const [meta, setMeta] = useState<MetaState>({ status: 'loading' });

  useEffect(() => {
    api
      .get<unknown>(actorPaths.meta, { anonymous: true, handleErrors: false })
      .then((body) => {
        const provider = firstProvider(body);
        setMeta(provider ? { status: 'loaded', provider } : { status: 'failed' });
      })
      .catch((error: unknown) => {
        console.error('Could not read the identity provider', error);
        setMeta({ status: 'failed' });
      });
  }, []);

  const settings = useMemo(
    () =>
      meta.status === 'loaded'
        ? oidcSettings(meta.provider, window.location, window.sessionStorage)
        : undefined,
    [meta],
  );

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
  if (!settings) {
    return <StatusScreen busy title={t('auth.signingInOut')} />;
  }
  return (
    <AuthProvider {...settings} onSigninCallback={dropSignInResponse}>
      <AuthGate>{children}</AuthGate>
    </AuthProvider>
  );
}
