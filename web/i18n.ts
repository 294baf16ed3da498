import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en-US.json';
import hr from '../locales/hr.json';
import { readStorage, STORAGE_KEYS } from './storage';

export const LANGUAGES = ['en-US', 'hr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** Each language in its own words, as the language picker and the toast show it. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'English', hr: 'Hrvatski' };

/** Maps any stored or server value ('hr', 'hr-HR', 'en', 'EN-us', ...) to a supported language. */
export function toLanguage(value: string | null | undefined): Language {
  return value?.toLowerCase().startsWith('hr') ? 'hr' : DEFAULT_LANGUAGE;
}

export function storedLanguage(): Language {
  return toLanguage(readStorage(STORAGE_KEYS.language));
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = toLanguage(language);
});

// Translations are bundled (SPEC section 7: no remote loading), so init completes synchronously.
void i18n.use(initReactI18next).init({
  resources: {
    'en-US': { translation: en },
    hr: { translation: hr },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
