import type { GameState } from './types';

// The rules of a clash between 2 and 3 players: whose turn it is, who wins, and what a turn that ran
// out of time does.

/**
 * A forfeited player (their turn clock ran out too often) ranks below everyone who played on, whatever
 * their total, and forfeited players tie among themselves: leaving the clash is the result, not the points
 * made before it. The final ranking, the crowns, the ratings and head-to-head all count by this.
 */
const rankKeys = (totals: readonly number[], forfeited: readonly boolean[]) =>
  totals.map((total, index) => (forfeited[index] ? -Infinity : total));

/**
 * The player on turn after `turn` has filled a box: the next one in turn order whose game is still in
 * progress, or null when every game is complete. One fill is one turn.
 */
export function nextTurn(turn: number, complete: readonly boolean[]): number | null {
  const count = complete.length;
  for (let step = 1; step <= count; step++) {
    const candidate = (turn + step) % count;
    if (!complete[candidate]) return candidate;
  }
  return null;
}

/** Who wears the crown: every player tied on the best total (forfeited players never), by turn order. */
export function crowned(totals: readonly number[], forfeited: readonly boolean[] = []): number[] {
  if (totals.length === 0) return [];
  const keys = rankKeys(totals, forfeited);
  const best = Math.max(...keys);
  return keys.flatMap((key, index) => (key === best ? [index] : []));
}

/** Places by total, best first; tied totals share a place (1, 1, 3); forfeited players after the rest, tied. */
export function places(totals: readonly number[], forfeited: readonly boolean[] = []): number[] {
  const keys = rankKeys(totals, forfeited);
  return keys.map((key) => 1 + keys.filter((other) => other > key).length);
}

/**
 * The turn of a player whose clock ran out: their dice are thrown away and nothing is filled, so their
 * next turn starts from a fresh roll. The sheet, and what undo would need, stay as they were.
 */
export function timedOut(state: GameState): GameState {
  if (state.status !== 'IN_PROGRESS') return state;
  return { ...state, rollCount: 0, announcement: null, latestDiceRolled: [] };
}
