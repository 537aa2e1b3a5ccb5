import { UserManager } from 'oidc-client-ts';

// The hidden frame of a silent renew lands here (only when there is no refresh token); the callback hands
// the response to the app in the parent window. The frame never uses authority or client: they are required
// by the constructor only.
void new UserManager({
  authority: window.location.origin,
  client_id: 'silent-renew',
  redirect_uri: window.location.href,
}).signinSilentCallback();
