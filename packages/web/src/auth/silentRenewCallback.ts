import { UserManager } from 'oidc-client-ts';

// The hidden frame of a silent sign-in (a launch in a new tab) or renew (when there is no refresh token) lands
// here; the callback hands the provider's answer to the app in the parent window by postMessage, addressed to
// this page's own origin only: were another site to frame this page, its window would not receive the code.
// The frame never uses authority or client: they are required by the constructor only.
void new UserManager({
  authority: window.location.origin,
  client_id: 'silent-renew',
  redirect_uri: window.location.href,
  iframeNotifyParentOrigin: window.location.origin,
}).signinSilentCallback();
