import type { PlayerResource } from '../../contract/players';
import i18n from '../i18n';
import { ApiError } from './client';

/**
 * What the tab knew before D1 went down, so a reload in the middle of an outage finds the player and
 * their game again. The server answers the session probe and "my current game" from D1 only, while the
 * game itself lives in its room and answers on; both are kept in sessionStorage (this tab, until it
 * closes) and used only when the server says D1 cannot be reached. They authorise nothing: every call
 * still carries the session cookie, and the rooms check it.
 */

const PLAYER_KEY = 'yamb-last-player';
const GAME_KEY = 'yamb-last-game';

/** The server's answer when D1 cannot be reached (worker/lib/errors.ts `databaseDown`). */
export const databaseDown = (error: unknown): boolean =>
  error instanceof ApiError && error.key === 'database-unavailable';

/**
 * What a screen's part that could not load says. While D1 is down the health banner says what is down and
 * what goes on; each list under it says only that it waits, not the banner's words again.
 */
export const failureText = (error: Error, fallback: string): string =>
  databaseDown(error) ? i18n.t('lists.waitsForDatabase') : error.message || fallback;

function read<T>(key: string): T | null {
  try {
    const text = window.sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (a privacy mode): a reload during an outage then waits for D1 like any visit.
  }
}

/** Keeps the tab's player (null: signed out, forget them). */
export const rememberPlayer = (player: PlayerResource | null) => write(PLAYER_KEY, player);

export const lastPlayer = (): PlayerResource | null => read<PlayerResource>(PLAYER_KEY);

/** Keeps the id of the player's current game. */
export const rememberCurrentGame = (playerId: number, gameId: number) =>
  write(GAME_KEY, { playerId, gameId });

/** The player's current game as last known to this tab. */
export function lastCurrentGame(playerId: number): number | null {
  const known = read<{ playerId: number; gameId: number }>(GAME_KEY);
  return known?.playerId === playerId ? known.gameId : null;
}
