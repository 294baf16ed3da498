import { useEffect, useRef } from 'react';
import { usePreferences, usePreferencesListener } from '../preferences';
import { readPreferences, savePreferences } from './account';
import { ApiError } from './client';
import type { PlayerResource } from '../../contract/players';

/**
 * SPEC section 4 "Theme" and "Language" for a signed-in player: on sign-in the server's choices are
 * applied (quietly, with no echo back); when there are none yet (404) the local ones are sent as the new
 * preferences, and a guest who has just signed up sends them without asking; every later change the user
 * makes is saved. Guests keep theirs in the browser only.
 */
export function useServerPreferences(player: PlayerResource | null, onError: (error: unknown) => void): void {
  const report = useRef(onError);
  report.current = onError;
  const { theme, language, diceSpeed, apply } = usePreferences();
  const local = useRef({ theme, language, diceSpeed });
  local.current = { theme, language, diceSpeed };
  const account = player && !player.guest && player._links.preferences ? player : null;
  const latest = useRef(account);
  latest.current = account;
  /** A change the user made while the server's answer was on its way wins over that answer. */
  const changedSince = useRef(0);
  const href = account?._links.preferences?.href;
  /**
   * The guest this browser played as. Sign-up upgrades the guest in place (same id), and a new account
   * has no preferences on the server yet: the local ones are sent at once instead of asking first for
   * what is not there (a 404 the console would log as a failed request).
   */
  const guestId = useRef<number | null>(null);
  if (player?.guest) guestId.current = player.id;

  useEffect(() => {
    const owner = latest.current;
    if (!href || !owner) return;
    let stale = false;
    const changes = changedSince.current;
    if (owner.id === guestId.current) {
      savePreferences(owner, local.current).catch((error: unknown) => {
        if (!stale) report.current(error);
      });
      return () => {
        stale = true;
      };
    }
    readPreferences(owner)
      .then((prefs) => {
        if (!stale && changedSince.current === changes) apply(prefs);
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        await savePreferences(owner, local.current);
      })
      .catch((error: unknown) => {
        if (!stale) report.current(error);
      });
    return () => {
      stale = true;
    };
  }, [href, apply]);

  usePreferencesListener((prefs) => {
    changedSince.current++;
    const owner = latest.current;
    if (owner) savePreferences(owner, prefs).catch((error: unknown) => report.current(error));
  });
}
