import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// English is the fallback of every missing string and the default language: it is in the first load.
import en from '../locales/en-US.json';
import { readStorage, STORAGE_KEYS } from './storage';
import { languageSwitcher } from './translations';

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

// Translations are bundled (SPEC section 7: no remote loading), so init completes synchronously. It starts in
// English; main.tsx switches to the stored language (fetching its chunk) before the first render.
void i18n.use(initReactI18next).init({
  resources: { 'en-US': { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Makes `language` the current one, fetching its strings first when they are not loaded yet: only the
 * chosen language is in the first load, the other is a chunk of its own (locales/hr.json is ~15 kB gzipped).
 */
export const switchLanguage = languageSwitcher<Language>(i18n, {
  'en-US': () => Promise.resolve(en),
  hr: () => import('../locales/hr.json').then((module) => module.default),
});

export default i18n;
