import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// English is the default language and the fallback of every missing string. The first load carries the
// sections of it that the shell and the play screen show (named imports: the bundler leaves the other
// sections out, ~8 kB gzipped); the whole file comes with the first screen or part loaded on demand.
import { account, app, errorPage, game, health, nav, preferences } from '../locales/en-US.json';
import { readStorage, STORAGE_KEYS } from './storage';
import { languageSwitcher, type Translation } from './translations';

export const LANGUAGES = ['en-US', 'hr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';
const NAMESPACE = 'translation';

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

/**
 * The sections of English the first load of `/` shows: the shell's (app, nav with the bell's label, health,
 * errorPage, the preference toasts; a notification's wording comes with its first toast), the play screen's
 * board (game) and the API errors' (account). Not quickMatch: "Play someone now" comes under the board, with
 * the whole file (routes/Play.tsx BelowBoard). Not daily: `/` is always the player's solo game; not the rules' wording of the
 * columns: the legend that shows it is fetched when first unfolded.
 */
const FIRST_LOAD_ENGLISH = {
  account,
  app,
  errorPage,
  game,
  health,
  nav,
  preferences,
};

let allEnglish: Promise<void> | null = null;

/**
 * Adds the English strings the first load leaves out, fetched once (a failed fetch may be tried again):
 * every chunk loaded on demand waits for them (components/onDemand.tsx), in either language, since English
 * is the other's fallback. The file comes as text (`?raw`): a module of its own, apart from the sections
 * imported above, and JSON.parse is quicker than an object literal of that size.
 */
export function loadAllEnglish(): Promise<void> {
  allEnglish ??= import('../locales/en-US.json?raw').then(
    ({ default: text }) => {
      i18n.addResourceBundle(DEFAULT_LANGUAGE, NAMESPACE, JSON.parse(text) as Translation, true, true);
    },
    (error: unknown) => {
      allEnglish = null;
      throw error;
    },
  );
  return allEnglish;
}

// Translations are bundled (SPEC section 7: no remote loading), so init completes synchronously. It starts in
// English; main.tsx switches to the stored language (fetching its chunk) before the first render.
void i18n.use(initReactI18next).init({
  resources: { 'en-US': { [NAMESPACE]: FIRST_LOAD_ENGLISH } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  // A string of a section the first load left out, asked for before anything on demand fetched the rest
  // (FIRST_LOAD_ENGLISH should have named its section): fetch the rest now; the screens re-render when it
  // is added (bindI18nStore), so the key shows for a moment instead of for good.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => {
    if (import.meta.env.DEV) console.warn(`i18n: "${key}" is not in the first load's strings`);
    loadAllEnglish().catch((error: unknown) =>
      console.error('The English strings could not be loaded', error),
    );
  },
  react: { bindI18nStore: 'added' },
});

/**
 * Makes `language` the current one, fetching its strings first when they are not loaded yet: only the
 * chosen language is in the first load, the other is a chunk of its own (locales/hr.json is ~15 kB gzipped).
 */
export const switchLanguage = languageSwitcher<Language>(i18n, {
  'en-US': () => Promise.resolve(FIRST_LOAD_ENGLISH),
  hr: () => import('../locales/hr.json').then((module) => module.default),
});

export default i18n;
