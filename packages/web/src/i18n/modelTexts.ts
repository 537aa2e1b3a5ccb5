import { LOCALES, type Locale, MODEL_TEXTS } from '@parkhere/contract/plain';

/**
 * A translation file with the model's texts added to the `application` namespace: the attributes' titles and
 * the enumerations' labels live in the contract, where the server's exports read them too.
 */
export function withModelTexts<T extends object>(namespace: string, locale: string, texts: T): T {
  return namespace === 'application' && (LOCALES as readonly string[]).includes(locale)
    ? { ...texts, ...MODEL_TEXTS[locale as Locale] }
    : texts;
}
