import type { Locale } from '../locales.ts';
import { english, type ModelTexts } from './en-US.ts';
import { hungarian } from './hu-HU.ts';

/*
 * The titles of the model's attributes and the labels of its enumerations' values, in every language: one
 * source for the web (its `application` namespace has them as `attribute.*`, `enumeration.*` and `boolean.*`)
 * and the server (the header row and the values of an export).
 */

export type { ModelTexts } from './en-US.ts';

export const MODEL_TEXTS: Readonly<Record<Locale, ModelTexts>> = { 'en-US': english, 'hu-HU': hungarian };

/** An attribute's title, or undefined for one no screen shows (an internal flag). */
export const attributeTitle = (locale: Locale, attribute: string): string | undefined =>
  (MODEL_TEXTS[locale].attribute as Readonly<Record<string, string>>)[attribute];

/** The label of an enumeration's value; the value itself when it has none. */
export const enumerationLabel = (locale: Locale, enumeration: string, value: string): string =>
  (MODEL_TEXTS[locale].enumeration as Readonly<Record<string, Readonly<Record<string, string>>>>)[
    enumeration
  ]?.[value] ?? value;
