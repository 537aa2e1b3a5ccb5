/** Server-rendered pages of the embedded IdP. No inline script or style: the CSP forbids them. */

const ASSETS = '/idp/assets';
/** The web app's own icon, served beside these pages on the same origin: the tab and the mark match the app. */
const APP_ICON = '/favicon.svg';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, body: string, script?: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ParkHere</title>
<link rel="icon" type="image/svg+xml" href="${APP_ICON}">
<link rel="stylesheet" href="${ASSETS}/fonts.css">
<link rel="stylesheet" href="${ASSETS}/idp.css">
${script === undefined ? '' : `<script src="${ASSETS}/${script}" defer></script>`}
</head>
<body>
<main class="card">
<div class="brand"><img class="logo" src="${APP_ICON}" alt=""><span>ParkHere</span></div>
${body}
</main>
</body>
</html>`;
}

/** The login form's refusal of a deactivated account, in the person's language (`loginLanguage`). */
const DEACTIVATED = {
  hu: {
    lang: 'hu',
    text: 'A ParkHere-fiókját inaktiválták. Az újraaktiváláshoz forduljon a rendszergazdákhoz.',
  },
  en: {
    lang: 'en',
    text: 'Your ParkHere account has been deactivated. Please contact the system administrators to have it reactivated.',
  },
} as const;

/** An error the login form shows, with the language it is written in. */
export type LoginError = string | { lang: string; text: string };

export type LoginLanguage = keyof typeof DEACTIVATED;

const languageOf = (tag: string): LoginLanguage | undefined =>
  (Object.keys(DEACTIVATED) as LoginLanguage[]).find(
    (language) => tag === language || tag.startsWith(`${language}-`),
  );

/**
 * The language of the login form: the first of the sign-in's OIDC `ui_locales` (the app's language, in order of
 * preference, space-separated) that it is written in, else the browser's first of `Accept-Language`, else
 * English.
 */
export function loginLanguage(
  uiLocales: string | undefined,
  acceptLanguage: string | undefined,
): LoginLanguage {
  const asked = (uiLocales ?? '').split(' ').map((tag) => tag.trim().toLowerCase());
  const browser = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  for (const tag of [...asked, browser]) {
    const language = languageOf(tag);
    if (language !== undefined) {
      return language;
    }
  }
  return 'en';
}

export const deactivatedText = (language: LoginLanguage): LoginError => DEACTIVATED[language];

const errorParagraph = (error: LoginError) =>
  typeof error === 'string'
    ? `<p class="error" role="alert">${escapeHtml(error)}</p>`
    : `<p class="error" role="alert" lang="${escapeHtml(error.lang)}">${escapeHtml(error.text)}</p>`;

export type LoginPageInput = {
  action: string;
  login?: string;
  error?: LoginError;
  showDemoAccounts: boolean;
};

export function loginPage({ action, login, error, showDemoAccounts }: LoginPageInput): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
${showDemoAccounts ? '<p class="hint">Development sign-in. Demo accounts: admin, user, quick, doorman, stranger (password = login).</p>' : ''}
${error === undefined ? '' : errorParagraph(error)}
<form method="post" action="${escapeHtml(action)}" autocomplete="off">
<label>Username<input name="login" type="text" required autofocus value="${escapeHtml(login ?? '')}" autocapitalize="none"></label>
<label>Password<input name="password" type="password" required></label>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** oidc-provider hands over its logout form; a served script submits it so no extra click is needed. */
export function logoutPage(form: string): string {
  return layout(
    'Sign out',
    `<h1>Signing out…</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-confirm">Sign out</button>`,
    'logout.js',
  );
}

/** A sign-out request the app did not make (no valid id_token_hint of this session): the user decides. */
export function confirmLogoutPage(form: string, appUrl: string): string {
  return layout(
    'Sign out',
    `<h1>Sign out?</h1>
<p>Do you want to sign out of ParkHere?</p>
${form}
<p><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<a class="button secondary" href="${escapeHtml(appUrl)}">Stay signed in</a></p>`,
  );
}

export function signedOutPage(appUrl: string): string {
  return layout(
    'Signed out',
    `<h1>Signed out</h1><p>You have signed out of ParkHere.</p><p><a class="button" href="${escapeHtml(appUrl)}">Back to ParkHere</a></p>`,
  );
}

export function errorPage(details: Record<string, string>): string {
  const items = Object.entries(details)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  return layout('Sign-in error', `<h1>Something went wrong</h1><dl class="details">${items}</dl>`);
}
