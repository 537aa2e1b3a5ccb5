import Button from '@mui/material/Button';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAuthParams, useAuth } from 'react-oidc-context';
import { configureApi } from '../api/client.ts';
import { useDialogs } from '../feedback/dialogs.tsx';
import { toast } from '../feedback/toast.ts';
import { gateView, type PrincipalState } from './gate.ts';
import { loadPrincipal } from './loadPrincipal.ts';
import { PrincipalProvider, useLogout } from './principal.tsx';
import { StatusScreen } from './StatusScreen.tsx';

/**
 * Renders its children only for a signed-in user with a recognised principal (SPEC §2.6, §6); otherwise it
 * signs in, waits, or explains why not.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { t } = useTranslation('system');
  const dialogs = useDialogs();
  const logout = useLogout();
  const [principal, setPrincipal] = useState<PrincipalState>({ status: 'loading' });
  const accessToken = useRef<string | undefined>(undefined);
  accessToken.current = auth.user?.access_token;

  const view = gateView(
    {
      isLoading: auth.isLoading,
      isAuthenticated: auth.isAuthenticated,
      activeNavigator: auth.activeNavigator,
      hasError: auth.error !== undefined,
      hasAuthParams: hasAuthParams(),
    },
    principal,
  );

  useEffect(() => {
    configureApi({
      accessToken: () => accessToken.current,
      reauthenticate: () => {
        void auth.removeUser().finally(() => window.location.reload());
      },
    });
    return () => configureApi(undefined);
  }, [auth.removeUser]);

  useEffect(() => {
    if (view.kind !== 'redirectToSignIn') {
      return;
    }
    auth.signinRedirect().catch((error: unknown) => {
      console.error('Sign-in failed', error);
      toast.error(t('auth.signInFailed'));
    });
  }, [view.kind, auth.signinRedirect, t]);

  const userId = auth.isAuthenticated ? auth.user?.profile.sub : undefined;
  useEffect(() => {
    if (!userId) {
      setPrincipal({ status: 'loading' });
      return;
    }
    let current = true;
    void loadPrincipal().then((state) => {
      if (current) {
        setPrincipal(state);
      }
    });
    return () => {
      current = false;
    };
  }, [userId]);

  // SPEC §4: once the access token has expired nothing works any more, so the user is asked to reload.
  useEffect(
    () =>
      auth.events.addAccessTokenExpired(() => {
        void dialogs
          .confirm({ title: t('session.expiredTitle'), message: t('session.expired') })
          .then((reload) => {
            if (reload) {
              window.location.reload();
            }
          });
      }),
    [auth.events, dialogs, t],
  );

  switch (view.kind) {
    case 'redirectToSignIn':
    case 'progress':
      return <StatusScreen busy title={t(view.text)} />;
    case 'loginFailed':
      return (
        <StatusScreen
          title={t(view.title)}
          message={auth.error?.message}
          actions={
            <Button variant="contained" onClick={() => void auth.signinRedirect()}>
              {t('auth.tryAgain')}
            </Button>
          }
        />
      );
    case 'principalError':
      return (
        <StatusScreen
          title={t(view.title)}
          message={t(view.message)}
          actions={
            <Button variant="contained" onClick={() => void logout()}>
              {t('action.logout')}
            </Button>
          }
        />
      );
    case 'app':
      return <PrincipalProvider principal={view.principal}>{children}</PrincipalProvider>;
  }
}
