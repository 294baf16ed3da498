/** Every local-storage key the web app uses (SPEC section 9). */
export const STORAGE_KEYS = {
  /** Legacy access token of the old app; migrated once at session start, then removed. */
  legacyToken: 'token',
  language: 'i18nextLng',
  theme: 'theme',
  aboutTab: 'aboutTab',
} as const;

// Storage throws in some privacy modes and sandboxed frames; the app must still run without it.
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted: the choice still holds for this page.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
