import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import application from '../../../public/i18n/application_en-US.json';
import system from '../../../public/i18n/system_en-US.json';
import { withModelTexts } from '../../i18n/modelTexts.ts';

/** For tests: starts i18next in English with the application's and the system's texts. */
export async function initEnglishTranslations(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { application: withModelTexts('application', 'en-US', application), system } },
    // As the app's (i18n.ts): React escapes, so a slot named "North / -1" reads as it is.
    interpolation: { escapeValue: false },
  });
}
