import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import english from '../../public/i18n/system_en-US.json';

/** Starts i18next in English with the system texts the shared dialogs and toasts show. */
export async function initSystemTranslations(): Promise<void> {
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { system: english } } });
}
