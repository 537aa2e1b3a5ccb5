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

function layout(lang: string, title: string, body: string, script?: string): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
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

/**
 * The sign-in and sign-out pages' texts in each language the app speaks. Hungarian first: like the app (DESIGN
 * §6), the provider speaks it unless the sign-in (or sign-out) asks for English.
 */
const TEXTS = {
  hu: {
    lang: 'hu',
    signIn: 'Bejelentkezés',
    demoAccounts:
      'Fejlesztői bejelentkezés. Demófiókok: admin, user, quick, doorman, stranger (a jelszó a felhasználónév).',
    username: 'Felhasználónév',
    password: 'Jelszó',
    invalid: 'Hibás felhasználónév vagy jelszó.',
    tooMany: (wait: string) => `Túl sok sikertelen bejelentkezés. Próbálja újra ${wait} múlva.`,
    seconds: (count: number) => (count === 1 ? 'egy másodperc' : `${count} másodperc`),
    minutes: (count: number) => (count === 1 ? 'egy perc' : `${count} perc`),
    deactivated: 'A ParkHere-fiókját inaktiválták. Az újraaktiváláshoz forduljon a rendszergazdákhoz.',
    errorTitle: 'Bejelentkezési hiba',
    errorHeading: 'Valami hiba történt',
    expired: 'A bejelentkezési kérés lejárt. Kezdje újra az alkalmazásból.',
    mismatch: 'A bejelentkezési kérés nem egyezik. Kezdje újra az alkalmazásból.',
    unsupported: (step: string) => `Nem támogatott bejelentkezési lépés: ${step}`,
    signOut: 'Kijelentkezés',
    signingOut: 'Kijelentkezés…',
    signOutHeading: 'Kijelentkezik?',
    signOutQuestion: 'Ki szeretne jelentkezni a ParkHere-ből?',
    staySignedIn: 'Bejelentkezve maradok',
    signedOut: 'Kijelentkezett',
    signedOutText: 'Kijelentkezett a ParkHere-ből.',
    backToApp: 'Vissza a ParkHere-be',
  },
  en: {
    lang: 'en',
    signIn: 'Sign in',
    demoAccounts:
      'Development sign-in. Demo accounts: admin, user, quick, doorman, stranger (password = login).',
    username: 'Username',
    password: 'Password',
    invalid: 'Invalid username or password',
    tooMany: (wait: string) => `Too many failed sign-ins. Try again in ${wait}.`,
    seconds: (count: number) => (count === 1 ? 'a second' : `${count} seconds`),
    minutes: (count: number) => (count === 1 ? 'a minute' : `${count} minutes`),
    deactivated:
      'Your ParkHere account has been deactivated. Please contact the system administrators to have it reactivated.',
    errorTitle: 'Sign-in error',
    errorHeading: 'Something went wrong',
    expired: 'The sign-in request expired. Start again from the app.',
    mismatch: 'The sign-in request does not match. Start again from the app.',
    unsupported: (step: string) => `Unsupported sign-in step ${step}`,
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    signOutHeading: 'Sign out?',
    signOutQuestion: 'Do you want to sign out of ParkHere?',
    staySignedIn: 'Stay signed in',
    signedOut: 'Signed out',
    signedOutText: 'You have signed out of ParkHere.',
    backToApp: 'Back to ParkHere',
  },
} as const;

export type LoginLanguage = keyof typeof TEXTS;

/** The sign-in pages' texts in `language`. */
export const loginTexts = (language: LoginLanguage) => TEXTS[language];

const languageOf = (tag: string): LoginLanguage | undefined =>
  (Object.keys(TEXTS) as LoginLanguage[]).find(
    (language) => tag === language || tag.startsWith(`${language}-`),
  );

/**
 * The language of the sign-in pages: the first of the sign-in's OIDC `ui_locales` (the app's language, in order
 * of preference, space-separated; the app always sends it) that they are written in, else the browser's first of
 * `Accept-Language`, else Hungarian, the app's own default.
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
  return 'hu';
}

/** How long to wait, as the login form says it ("a minute", "egy perc"). */
export function waitText(ms: number, language: LoginLanguage): string {
  const texts = TEXTS[language];
  const seconds = Math.ceil(ms / 1000);
  return seconds < 60 ? texts.seconds(seconds) : texts.minutes(Math.ceil(seconds / 60));
}

const errorParagraph = (error: string, lang: string) =>
  `<p class="error" role="alert" lang="${lang}">${escapeHtml(error)}</p>`;

export type LoginPageInput = {
  action: string;
  language: LoginLanguage;
  login?: string;
  error?: string;
  showDemoAccounts: boolean;
};

export function loginPage({ action, language, login, error, showDemoAccounts }: LoginPageInput): string {
  const texts = TEXTS[language];
  return layout(
    texts.lang,
    texts.signIn,
    `<h1>${texts.signIn}</h1>
${showDemoAccounts ? `<p class="hint">${texts.demoAccounts}</p>` : ''}
${error === undefined ? '' : errorParagraph(error, texts.lang)}
<form method="post" action="${escapeHtml(action)}" autocomplete="off">
<label>${texts.username}<input name="login" type="text" required autofocus value="${escapeHtml(login ?? '')}" autocapitalize="none"></label>
<label>${texts.password}<input name="password" type="password" required></label>
<button type="submit">${texts.signIn}</button>
</form>`,
  );
}

/** oidc-provider hands over its logout form; a served script submits it so no extra click is needed. */
export function logoutPage(form: string, language: LoginLanguage): string {
  const texts = TEXTS[language];
  return layout(
    texts.lang,
    texts.signOut,
    `<h1>${texts.signingOut}</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-confirm">${texts.signOut}</button>`,
    'logout.js',
  );
}

/** A sign-out request the app did not make (no valid id_token_hint of this session): the user decides. */
export function confirmLogoutPage(form: string, appUrl: string, language: LoginLanguage): string {
  const texts = TEXTS[language];
  return layout(
    texts.lang,
    texts.signOut,
    `<h1>${texts.signOutHeading}</h1>
<p>${texts.signOutQuestion}</p>
${form}
<p><button type="submit" form="op.logoutForm" name="logout" value="yes">${texts.signOut}</button>
<a class="button secondary" href="${escapeHtml(appUrl)}">${texts.staySignedIn}</a></p>`,
  );
}

export function signedOutPage(appUrl: string, language: LoginLanguage): string {
  const texts = TEXTS[language];
  return layout(
    texts.lang,
    texts.signedOut,
    `<h1>${texts.signedOut}</h1><p>${texts.signedOutText}</p><p><a class="button" href="${escapeHtml(appUrl)}">${texts.backToApp}</a></p>`,
  );
}

export function errorPage(details: Record<string, string>, language: LoginLanguage): string {
  const texts = TEXTS[language];
  const items = Object.entries(details)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  return layout(
    texts.lang,
    texts.errorTitle,
    `<h1>${texts.errorHeading}</h1><dl class="details">${items}</dl>`,
  );
}
