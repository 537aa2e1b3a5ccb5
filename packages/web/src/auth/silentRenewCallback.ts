// The hidden frame of a silent sign-in (a launch in a new tab) or renew (when there is no refresh token) lands
// here; it hands the provider's answer (this page's address) to the app in the parent window by postMessage,
// addressed to this page's own origin only: were another site to frame this page, its window would not receive
// the code. The message is the one oidc-client-ts's own callback (`signinSilentCallback`) posts, which the app's
// UserManager waits for; written out here so that the frame loads no OIDC client of its own: it is evaluated on
// the page's main thread, between the launch's sign-in and its first render (issue 31 §1).
window.parent.postMessage(
  { source: 'oidc-client', url: window.location.href, keepOpen: false },
  window.location.origin,
);

export {};
