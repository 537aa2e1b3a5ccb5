/** Interface languages; translation files live at `/i18n/{system,application}_{locale}.json`. */
export const LOCALES = ['hu-HU', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const TRANSLATION_NAMESPACES = ['system', 'application'] as const;
export type TranslationNamespace = (typeof TRANSLATION_NAMESPACES)[number];
