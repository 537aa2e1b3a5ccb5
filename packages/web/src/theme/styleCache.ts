import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/*
 * The cache every styled component writes its CSS through (emotion's, which MUI uses), with the steps written for
 * the browsers the build targets (Vite's baseline: Chrome and Edge 107, Firefox 104, Safari 16) instead of
 * emotion's default prefixer, which was written for browsers of ten years ago. Two costs of the first render of a
 * page went with it (bench/main-thread.mjs, issue 31):
 * - a rule whose selector the browser does not know (MUI's `::-moz-focus-inner`, the prefixer's
 *   `::-moz-placeholder` and `:-ms-input-placeholder` in Chromium) is thrown back by the browser as an exception,
 *   and an exception costs more than ten good rules: 33 of the Users table's 364 rules took 14 to 66 ms;
 * - the prefixes themselves (`-webkit-box-align`, `-ms-flex-pack` and kin) made most declarations three or four,
 *   none of which these browsers read. Safari still reads `user-select` only with its prefix, so that one stays.
 */

/** A vendor's pseudo-class or pseudo-element, without arguments (none of the ones MUI writes has any). */
const VENDOR_PSEUDO = /::?-(?:moz|ms|webkit|o)-[\w-]+(?![\w(-])/g;

/** A selector with a pseudo `knows` says the browser cannot parse is left out; a rule left without one is not written. */
export function withoutUnknownSelectors(knows: (pseudo: string) => boolean): StylisPlugin {
  const known = new Map<string, boolean>();
  const isKnown = (pseudo: string): boolean => {
    let answer = known.get(pseudo);
    if (answer === undefined) {
      answer = knows(pseudo);
      known.set(pseudo, answer);
    }
    return answer;
  };
  return (element) => {
    if (element.type === 'rule' && Array.isArray(element.props)) {
      element.props = element.props.filter((selector) =>
        (selector.match(VENDOR_PSEUDO) ?? []).every(isKnown),
      );
      if (element.props.length === 0) {
        // Not written at all: stylis writes a rule left without selectors as it is.
        element.children = [];
      }
    }
  };
}

/** `user-select` with Safari's prefix before it. */
export const webkitUserSelect: StylisPlugin = (element) => {
  if (element.type === 'decl' && element.props === 'user-select' && !element.return) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * Whether this browser parses `pseudo`: asked of a sheet outside the document, which drops a rule it cannot parse
 * without a word (no exception at all); once per pseudo. Where such sheets cannot be made (Safari before 16.4, a
 * test's DOM), every pseudo counts as known, and the browser drops an unknown one as before.
 */
export function browserKnows(pseudo: string): boolean {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`*${pseudo}{}`);
    return sheet.cssRules.length === 1;
  } catch {
    return true;
  }
}

export const createStyleCache = (knows: (pseudo: string) => boolean = browserKnows): EmotionCache =>
  createCache({ key: 'css', stylisPlugins: [withoutUnknownSelectors(knows), webkitUserSelect] });
