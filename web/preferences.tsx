import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import i18n, { LANGUAGE_NAMES, type Language, storedLanguage, switchLanguage, toLanguage } from './i18n';
import { errorMessage } from './api/client';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';
import { DICE_SPEEDS, type DiceSpeed, type Preferences } from '../contract/preferences';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export { DICE_SPEEDS, type DiceSpeed, type Preferences };

/** The local-storage key of the roll animation's speed (beside STORAGE_KEYS' theme and language). */
const DICE_SPEED_KEY = 'diceSpeed';

export type PreferencesListener = (prefs: Preferences) => void;

export interface PreferencesValue extends Preferences {
  /** The user picked a theme: applies it, stores it, shows a toast and tells the listeners. */
  setTheme: (theme: Theme) => void;
  /** The user picked a language: same as setTheme. */
  setLanguage: (language: Language) => void;
  /** The user picked a dice speed: same as setTheme. */
  setDiceSpeed: (diceSpeed: DiceSpeed) => void;
  /**
   * Applies preferences that came from elsewhere (the server's reply) quietly: stored locally,
   * but no toast and no listener call, so applying a server value never echoes back to the server.
   */
  apply: (prefs: Partial<Preferences>) => void;
  /** Adds a listener for the user's changes; returns the function that removes it. */
  subscribe: (listener: PreferencesListener) => () => void;
}

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

export function isDiceSpeed(value: unknown): value is DiceSpeed {
  return DICE_SPEEDS.includes(value as DiceSpeed);
}

/** The stored speed, else SPEC's animation. */
export function initialDiceSpeed(): DiceSpeed {
  const stored = readStorage(DICE_SPEED_KEY);
  return isDiceSpeed(stored) ? stored : 'normal';
}

/** A stored choice wins; a first visit follows the system; otherwise dark (same rule as index.html). */
export function initialTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  if (isTheme(stored)) return stored;
  return window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

const PreferencesContext = createContext<PreferencesValue | null>(null);

/** The preferences, the listeners of the user's changes and the one step that stores a change. */
function usePreferenceStore(onChange: PreferencesListener | undefined) {
  const [prefs, setPrefs] = useState<Preferences>(() => ({
    theme: initialTheme(),
    language: storedLanguage(),
    diceSpeed: initialDiceSpeed(),
  }));
  const current = useRef(prefs);
  const listeners = useRef(new Set<PreferencesListener>());

  useEffect(() => {
    if (!onChange) return;
    const set = listeners.current;
    set.add(onChange);
    return () => {
      set.delete(onChange);
    };
  }, [onChange]);

  useEffect(() => {
    applyTheme(prefs.theme);
  }, [prefs.theme]);

  const commit = useCallback((next: Partial<Preferences>): Preferences => {
    const merged = { ...current.current, ...next };
    current.current = merged;
    if (next.theme) {
      applyTheme(next.theme);
      writeStorage(STORAGE_KEYS.theme, next.theme);
    }
    if (next.language) {
      writeStorage(STORAGE_KEYS.language, next.language);
      // The other language's strings may still be on their way; the screens follow when they arrive.
      switchLanguage(next.language).catch((error: unknown) => console.error(error));
    }
    if (next.diceSpeed) writeStorage(DICE_SPEED_KEY, next.diceSpeed);
    setPrefs(merged);
    return merged;
  }, []);

  const notify = useCallback((prefs: Preferences) => {
    for (const listener of listeners.current) listener(prefs);
  }, []);

  const subscribe = useCallback((listener: PreferencesListener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  return { prefs, commit, notify, subscribe };
}

/** The user's choices (stored, toasted, told to the listeners) and the server's (stored quietly). */
function usePreferenceSetters(
  commit: (next: Partial<Preferences>) => Preferences,
  notify: PreferencesListener,
) {
  const setTheme = useCallback(
    (theme: Theme) => {
      const prefs = commit({ theme });
      // One toast id per kind: flipping quickly updates the toast instead of stacking them.
      toast.success(i18n.t('preferences.themeSet', { theme: i18n.t(`preferences.themes.${theme}`) }), {
        id: 'preferences-theme',
      });
      notify(prefs);
    },
    [commit, notify],
  );

  const setLanguage = useCallback(
    (language: Language) => {
      const prefs = commit({ language });
      notify(prefs);
      // The toast is written in the new language, once its strings are loaded (the switch commit started);
      // a failed load says so in the language still shown.
      switchLanguage(language).then(
        () =>
          toast.success(i18n.t('preferences.languageChanged', { language: LANGUAGE_NAMES[language] }), {
            id: 'preferences-language',
          }),
        // toastError's work, written out: web/api/ imports this file and must not reach components/.
        (error: unknown) => {
          console.error(error);
          toast.error(errorMessage(error));
        },
      );
    },
    [commit, notify],
  );

  const setDiceSpeed = useCallback(
    (diceSpeed: DiceSpeed) => {
      const prefs = commit({ diceSpeed });
      toast.success(
        i18n.t('preferences.diceSpeedSet', { speed: i18n.t(`preferences.diceSpeeds.${diceSpeed}`) }),
        { id: 'preferences-dice-speed' },
      );
      notify(prefs);
    },
    [commit, notify],
  );

  const apply = useCallback(
    (next: Partial<Preferences>) => {
      const clean: Partial<Preferences> = {};
      if (isTheme(next.theme)) clean.theme = next.theme;
      if (next.language) clean.language = toLanguage(next.language);
      if (isDiceSpeed(next.diceSpeed)) clean.diceSpeed = next.diceSpeed;
      commit(clean);
    },
    [commit],
  );

  return { setTheme, setLanguage, setDiceSpeed, apply };
}

export function PreferencesProvider({
  children,
  onChange,
}: {
  children: ReactNode;
  /** Called after each change the user makes (the accounts work saves it to the server). */
  onChange?: PreferencesListener;
}) {
  const { prefs, commit, notify, subscribe } = usePreferenceStore(onChange);
  const { setTheme, setLanguage, setDiceSpeed, apply } = usePreferenceSetters(commit, notify);

  const value = useMemo<PreferencesValue>(
    () => ({ ...prefs, setTheme, setLanguage, setDiceSpeed, apply, subscribe }),
    [prefs, setTheme, setLanguage, setDiceSpeed, apply, subscribe],
  );

  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences must be used inside <PreferencesProvider>');
  return value;
}

/** Subscribes a component to the user's preference changes for as long as it is mounted. */
export function usePreferencesListener(listener: PreferencesListener): void {
  const { subscribe } = usePreferences();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((prefs) => latest.current(prefs)), [subscribe]);
}
