import type { GameState } from './types';

// The rules of a clash between 2 and 3 players: whose turn it is, who wins, and what a turn that ran
// out of time does.

/**
 * Whether the player at `index` ranks above the one at `other`: everyone who played on ranks above every
 * forfeited player (leaving the clash is the result), then the higher total. Forfeited players rank
 * among themselves by their totals too, so two who left with different totals do not share a place.
 */
const above = (totals: readonly number[], forfeited: readonly boolean[], index: number, other: number) => {
  const out = forfeited[index] === true;
  const otherOut = forfeited[other] === true;
  if (out !== otherOut) return !out;
  return (totals[index] ?? 0) > (totals[other] ?? 0);
};

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
  const playedOn = totals.flatMap((_, index) => (forfeited[index] ? [] : [index]));
  if (playedOn.length === 0) return [];
  const best = Math.max(...playedOn.map((index) => totals[index] ?? 0));
  return playedOn.filter((index) => totals[index] === best);
}

/**
 * Places, best first: those who played on by total, then the forfeited by total; tied totals share a
 * place (1, 1, 3). The final ranking, the crowns, the ratings and head-to-head all count by this.
 */
export function places(totals: readonly number[], forfeited: readonly boolean[] = []): number[] {
  return totals.map(
    (_, index) => 1 + totals.filter((__, other) => above(totals, forfeited, other, index)).length,
  );
}

/**
 * The turn of a player whose clock ran out: their dice are thrown away and nothing is filled, so their
 * next turn starts from a fresh roll. The sheet, and what undo would need, stay as they were.
 */
export function timedOut(state: GameState): GameState {
  if (state.status !== 'IN_PROGRESS') return state;
  return { ...state, rollCount: 0, announcement: null, latestDiceRolled: [] };
}
