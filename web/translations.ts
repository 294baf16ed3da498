import type { i18n as I18n } from 'i18next';

/** One language's strings, as a locales/*.json file holds them. */
export type Translation = { [key: string]: string | Translation };

/** Fetches one language's strings (a dynamic import: its own chunk, fetched when the language is chosen). */
export type TranslationLoader = () => Promise<Translation>;

const NAMESPACE = 'translation';

/**
 * A function that makes a language the current one of `i18n`, fetching its strings first when they are not
 * there yet. Each language is fetched once, however often it is asked for (a failed fetch may be tried
 * again). When choices overlap (Hrvatski, then English before the Croatian strings arrived), the last one
 * wins: a fetch that ends after a later choice only keeps its strings.
 */
export function languageSwitcher<L extends string>(
  i18n: I18n,
  loaders: Record<L, TranslationLoader>,
): (language: L) => Promise<void> {
  const pending = new Map<L, Promise<void>>();
  let wanted: L | null = null;

  const load = (language: L): Promise<void> => {
    if (i18n.hasResourceBundle(language, NAMESPACE)) return Promise.resolve();
    let loading = pending.get(language);
    if (!loading) {
      loading = loaders[language]().then(
        (strings) => {
          i18n.addResourceBundle(language, NAMESPACE, strings);
        },
        (error: unknown) => {
          pending.delete(language);
          throw error;
        },
      );
      pending.set(language, loading);
    }
    return loading;
  };

  return async (language) => {
    wanted = language;
    await load(language);
    if (wanted === language) await i18n.changeLanguage(language);
  };
}
