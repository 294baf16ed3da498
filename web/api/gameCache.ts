// Which of two states of one game the cache keeps. Pure, so the unit tests run it in node.
import type { GameResource } from '../../contract/games';

/** The game carries a link to some move (roll, fill, undo, ...): it was rendered for its player. */
export function hasActionLinks(game: GameResource): boolean {
  return Object.entries(game._links).some(([name, link]) => name !== 'self' && !!link);
}

/**
 * Whether `incoming` may replace `current` in the cache. A live message and the answer to the same
 * action race each other; an older state must never overwrite a newer one. Of two copies of the same
 * state (same updatedAt), one without action links (a watcher's rendering) never replaces one with
 * them, or the player would lose the buttons of a game they may still play.
 */
export function isNotOlder(incoming: GameResource, current: GameResource | undefined): boolean {
  if (!current || current.id !== incoming.id) return true;
  const next = Date.parse(incoming.updatedAt);
  const now = Date.parse(current.updatedAt);
  if (next !== now) return next > now;
  return hasActionLinks(incoming) || !hasActionLinks(current);
}
