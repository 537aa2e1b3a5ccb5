import Button from '@mui/material/Button';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAuthParams, useAuth } from 'react-oidc-context';
import { configureApi } from '../api/client.ts';
import { useDialogs } from '../feedback/dialogs.tsx';
import { toast } from '../feedback/toast.ts';
import { lastUserCopy, readKeptCopy } from '../offline/keptCopy.ts';
import { setOfflineOwner } from '../offline/offlineCopy.ts';
import { useOnline } from '../offline/onlineStatus.ts';
import { claimFor, forgetSignedInUser } from '../offline/userData.ts';
import { forgetPushOfSignedInUser } from '../push/webPush.ts';
import { gateView, type PrincipalState, type Unreachable } from './gate.ts';
import { isPrincipal, loadPrincipal } from './loadPrincipal.ts';
import { signInRequest, signOutRequest, silentSignInRequest } from './oidcSettings.ts';
import { PrincipalProvider } from './principal.tsx';
import { StatusScreen } from './StatusScreen.tsx';

type ErrorSource = NonNullable<ReturnType<typeof useAuth>['error']>['source'];

async function forgetAndReload(): Promise<void> {
  await forgetSignedInUser();
  window.location.reload();
}

function authFailureMessage(source: ErrorSource | undefined): string | undefined {
  switch (source) {
    case 'signinRedirect':
    case 'signinCallback':
    case 'signinPopup':
      return 'auth.signInFailed';
    case 'signoutRedirect':
    case 'signoutCallback':
    case 'signoutPopup':
    case 'signoutSilent':
      return 'auth.signOutFailed';
    default:
      // Silent renew failures have their own handling: retry, then the session-expired prompt.
      return undefined;
  }
}

/**
 * The principal read, or what is shown already when the kept copy said the same: then nothing of the app renders
 * again for it.
 */
function unlessShown(shown: PrincipalState, read: PrincipalState): PrincipalState {
  return shown.status === 'kept' &&
    read.status === 'loaded' &&
    JSON.stringify(shown.principal) === JSON.stringify(read.principal)
    ? { status: 'loaded', principal: shown.principal }
    : read;
}

/**
 * Renders its children only for a signed-in user with a recognised principal (SPEC §2.6, §6); otherwise it
 * signs in, waits, or explains why not.
 */
export function AuthGate({
  silentSignIn: startedSilently,
  children,
}: {
  /** The silent sign-in the tab started before the gate rendered (OidcSession's startOidcSession), if any. */
  silentSignIn?: Promise<unknown> | undefined;
  children: ReactNode;
}) {
  const auth = useAuth();
  const { t, i18n } = useTranslation('system');
  const dialogs = useDialogs();
  // Signs out through the provider's end session and comes back to the current page without its hash. A
  // failure does not throw: react-oidc-context records it in `auth.error`, reported below.
  const { signoutRedirect, signinRedirect, signinSilent } = auth;
  const signIn = useCallback(
    () => void signinRedirect(signInRequest(window.location, i18n.language)),
    [signinRedirect, i18n],
  );
  // One silent try per page: a failure (login_required, consent, a timeout) shows as the redirect view next.
  const [silentSignInTried, setSilentSignInTried] = useState(false);
  const silentSignInStarted = useRef(false);
  const signInSilently = useCallback(() => {
    if (silentSignInStarted.current) {
      return;
    }
    silentSignInStarted.current = true;
    // The try started with the app, when there was one, rather than a second (two frames, two codes); a
    // failure of either shows no message: react-oidc-context records its own in `auth.error` (source
    // signinSilent) and resolves.
    const attempt = startedSilently ?? signinSilent(silentSignInRequest());
    void attempt.catch(() => undefined).finally(() => setSilentSignInTried(true));
  }, [signinSilent, startedSilently]);
  const logout = useCallback(async () => {
    // Nothing of the user stays behind for the next person on this browser (issue 25, item 4): nor does this
    // browser go on telling them at once (issue 32, item 4), which must be said while still signed in.
    await forgetPushOfSignedInUser();
    await forgetSignedInUser();
    // In the app's language, as the sign-in: the provider's sign-out pages speak it.
    await signoutRedirect(signOutRequest(window.location, i18n.language));
  }, [signoutRedirect, i18n]);
  const [principal, setPrincipal] = useState<PrincipalState>({ status: 'loading' });
  const [sessionExpired, setSessionExpired] = useState(false);
  const accessToken = useRef<string | undefined>(undefined);
  accessToken.current = auth.user?.access_token;
  // Read again whenever the server becomes reachable or not: the profile's last user's kept copy.
  const online = useOnline();
  const server = useMemo((): Unreachable & { keptUser?: string } => {
    const copy = online ? undefined : lastUserCopy();
    return isPrincipal(copy?.principal)
      ? { unreachable: !online, keptPrincipal: copy.principal, keptUser: copy.user }
      : { unreachable: !online, keptPrincipal: undefined };
  }, [online]);

  const view = gateView(
    {
      isLoading: auth.isLoading,
      isAuthenticated: auth.isAuthenticated,
      activeNavigator: auth.activeNavigator,
      signInFailed: authFailureMessage(auth.error?.source) === 'auth.signInFailed',
      sessionExpired,
      hasAuthParams: hasAuthParams(),
      silentSignInTried,
    },
    principal,
    server,
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
    if (view.kind === 'silentSignIn') {
      signInSilently();
    } else if (view.kind === 'redirectToSignIn') {
      signIn();
    }
  }, [view.kind, signIn, signInSilently]);

  // react-oidc-context reports sign-in and sign-out failures in its state rather than by throwing.
  useEffect(() => {
    const message = authFailureMessage(auth.error?.source);
    if (message) {
      console.error(auth.error);
      toast.error(t(message));
    }
  }, [auth.error, t]);

  // Keyed by the subject, not by token validity, so neither a renew nor an expiry reloads the principal.
  const userId = auth.user?.profile.sub;
  useEffect(() => {
    if (!userId) {
      setOfflineOwner(undefined);
      setPrincipal({ status: 'loading' });
      return;
    }
    let current = true;
    // What another user left in this profile goes before anything is read for this one.
    void claimFor(userId)
      .catch((error: unknown) => console.error('Could not drop what another user left behind', error))
      .then(() => {
        // The provider has named the user in this tab, and what the profile keeps is theirs alone now: their
        // kept copy (offline/keptCopy.ts) shows the app at once, while their principal is read.
        const kept = readKeptCopy(userId)?.principal;
        if (current && isPrincipal(kept)) {
          startTransition(() => setPrincipal({ status: 'kept', principal: kept }));
        }
        return loadPrincipal();
      })
      .then((state) => {
        if (current) {
          // The whole shell and page render from here: in slices, so the page stays responsive meanwhile.
          startTransition(() => setPrincipal((shown) => unlessShown(shown, state)));
        }
      });
    return () => {
      current = false;
    };
  }, [userId]);

  // Without a session, while the server cannot be reached: the pages read the last user's kept copy (after the
  // effect above, and before any page renders, as React runs effects before the next render).
  const keptUser = view.kind === 'keptCopy' ? server.keptUser : undefined;
  useEffect(() => {
    if (keptUser === undefined) {
      return;
    }
    setOfflineOwner(keptUser);
    return () => setOfflineOwner(undefined);
  }, [keptUser]);

  // SPEC §4: once the access token has expired nothing works any more, so the user is asked to reload.
  useEffect(() => auth.events.addUserLoaded(() => setSessionExpired(false)), [auth.events]);
  useEffect(
    () =>
      auth.events.addAccessTokenExpired(() => {
        setSessionExpired(true);
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
    case 'silentSignIn':
    case 'redirectToSignIn':
    case 'progress':
      return <StatusScreen busy title={t(view.text)} />;
    case 'unreachable':
      return <StatusScreen title={t(view.title)} message={t(view.message)} />;
    case 'keptCopy':
      // No session: signing out forgets the copy, and the page then waits for the server to sign in again.
      return (
        <PrincipalProvider principal={view.principal} logout={forgetAndReload}>
          {children}
        </PrincipalProvider>
      );
    case 'loginFailed':
      return (
        <StatusScreen
          title={t(view.title)}
          message={auth.error?.message}
          actions={
            <Button variant="contained" onClick={signIn}>
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
              {t('action.signOut')}
            </Button>
          }
        />
      );
    case 'app':
      return (
        <PrincipalProvider principal={view.principal} logout={logout}>
          {children}
        </PrincipalProvider>
      );
  }
}
