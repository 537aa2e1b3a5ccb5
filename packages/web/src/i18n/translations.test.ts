import {
  BUSINESS_ERROR_CODES,
  CONFLICT_CODES,
  RuleCode,
  TRANSLATION_NAMESPACES,
  ValidationCode,
} from '@parkhere/contract';
import { describe, expect, it } from 'vitest';
import { dateLocaleOf } from './dateLocale.ts';

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) {
    return { [prefix]: value };
  }
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, child]) =>
      Object.entries(flatten(child, prefix ? `${prefix}.${key}` : key)),
    ),
  );
}

const files = import.meta.glob<unknown>('../../public/i18n/*.json', { eager: true, import: 'default' });

function translations(namespace: string, locale: string): Record<string, unknown> {
  const file = files[`../../public/i18n/${namespace}_${locale}.json`];
  if (file === undefined) {
    throw new Error(`public/i18n/${namespace}_${locale}.json is missing`);
  }
  return flatten(file);
}

describe.each(TRANSLATION_NAMESPACES)('%s translations', (namespace) => {
  it('has the same keys in hu-HU and en-US', () => {
    const english = translations(namespace, 'en-US');
    const hungarian = translations(namespace, 'hu-HU');
    expect(Object.keys(hungarian).sort()).toEqual(Object.keys(english).sort());
  });

  it('has a non-empty text for every key', () => {
    const english = translations(namespace, 'en-US');
    const hungarian = translations(namespace, 'hu-HU');
    for (const [key, text] of [...Object.entries(english), ...Object.entries(hungarian)]) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });
});

describe('date locale', () => {
  it('starts the week on Monday in Hungarian and on Sunday in English', () => {
    expect(dateLocaleOf('hu-HU').options?.weekStartsOn).toBe(1);
    expect(dateLocaleOf('en-US').options?.weekStartsOn).toBe(0);
  });
});

describe('error code texts', () => {
  // A server answer is shown by its code: every code the contract can send needs a text in both languages.
  const expected = [
    ...ValidationCode.options.map((code) => `validation.${code}`),
    ...RuleCode.options.map((code) => `validation.${code}`),
    ...BUSINESS_ERROR_CODES.map((code) => `businessError.${code}`),
    ...CONFLICT_CODES.map((code) => `error.conflict.${code}`),
  ];

  it.each(['en-US', 'hu-HU'])('has a %s text for every code', (locale) => {
    const system = translations('system', locale);
    expect(expected.filter((key) => typeof system[key] !== 'string')).toEqual([]);
  });
});

describe('signing in and out', () => {
  // Issue 31: one name per language wherever a user meets it, the one the sign-in provider's own pages use
  // (server platform/idp/pages.ts): "Sign in" and "Sign out", "Bejelentkezés" and "Kijelentkezés".
  const SIGN_OUT = { 'en-US': 'Sign out', 'hu-HU': 'Kijelentkezés' };

  it.each(['en-US', 'hu-HU'] as const)('names signing out as the provider does in %s', (locale) => {
    expect(translations('application', locale)['profile.signOut']).toBe(SIGN_OUT[locale]);
    expect(translations('system', locale)['action.signOut']).toBe(SIGN_OUT[locale]);
  });

  it('never says "log in", "log out" or "Logout" beside them in English', () => {
    const named = TRANSLATION_NAMESPACES.flatMap((namespace) =>
      Object.entries(translations(namespace, 'en-US'))
        .filter(([, text]) => /\blog ?(in|out)\b|\blogged (in|out)\b/i.test(String(text)))
        .map(([key]) => `${namespace}:${key}`),
    );
    expect(named).toEqual([]);
  });
});
