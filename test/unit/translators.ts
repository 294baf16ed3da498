import i18next, { type TFunction } from 'i18next';
import en from '../../locales/en-US.json';
import hr from '../../locales/hr.json';

/** The app's words in both languages, as the web app's i18next gives them, for tests of pure wording code. */
export async function translators(): Promise<{ english: TFunction; croatian: TFunction }> {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { translation: en }, hr: { translation: hr } },
    lng: 'en-US',
    interpolation: { escapeValue: false },
  });
  return { english: i18n.getFixedT('en-US'), croatian: i18n.getFixedT('hr') };
}
