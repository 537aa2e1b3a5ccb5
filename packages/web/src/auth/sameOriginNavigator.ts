import type { INavigator, IWindow } from 'oidc-client-ts';

/**
 * The silent sign-in's request without a frame, for a provider on the app's own origin (the embedded one): the
 * authorization request (prompt=none) is fetched with the provider's cookies, the provider's redirect is followed
 * to the callback page, and the address the answer came from carries the code (or the error) as a frame's would.
 * The page itself is not run. Same origin only (`mode: 'same-origin'`: a redirect elsewhere fails the request,
 * and the gate sends the page to the provider). A hidden frame costs the page's main thread a browsing context,
 * two documents and their navigations in the middle of the launch (issue 31 §1); oidc-client-ts still makes the
 * request (state, nonce, PKCE) and checks the answer (its state once, the ID token's nonce).
 */
export function sameOriginNavigator(callbackPage: string, timeoutSeconds: number): INavigator {
  return {
    prepare: async (): Promise<IWindow> => {
      const controller = new AbortController();
      return {
        navigate: async ({ url }) => {
          // SPEC §9: a silent request that has not answered in its time fails like a frame that never posts.
          const timer = setTimeout(() => controller.abort(), timeoutSeconds * 1000);
          try {
            const answer = await fetch(url, {
              mode: 'same-origin',
              credentials: 'same-origin',
              redirect: 'follow',
              cache: 'no-store',
              signal: controller.signal,
            });
            const address = new URL(answer.url);
            if (`${address.origin}${address.pathname}` !== callbackPage) {
              throw new Error('The provider did not answer the silent sign-in with its callback page');
            }
            return { url: answer.url };
          } finally {
            clearTimeout(timer);
          }
        },
        close: () => controller.abort(),
      };
    },
    // Nothing calls back into this navigator: the callback page serves frames (an external provider's).
    callback: async () => undefined,
  };
}
