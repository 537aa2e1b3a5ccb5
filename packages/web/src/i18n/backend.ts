import type { BackendModule, ReadCallback } from 'i18next';
import { withModelTexts } from './modelTexts.ts';

/** The address of one translation file; the timestamp defeats stale caches after a deployment (SPEC §7). */
export function translationUrl(namespace: string, locale: string, now: number = Date.now()): string {
  return `/i18n/${namespace}_${locale}.json?t=${now}`;
}

/** Loads `/i18n/{namespace}_{locale}.json`. A failed fetch is only logged (SPEC §8): the keys show instead. */
export const translationBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(translationUrl(namespace, language))
      .then(async (response) => {
        if (!response.ok) {
          throw new Error(`HTTP ${response.status}`);
        }
        callback(
          null,
          withModelTexts(namespace, language, (await response.json()) as Record<string, unknown>),
        );
      })
      .catch((error: unknown) => {
        console.error(`Could not load translations ${namespace}_${language}`, error);
        callback(null, {});
      });
  },
};
