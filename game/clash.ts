// The rules of a clash between 2 and 3 players: whose turn it is and who wins.

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

/** Who wears the crown: every player tied on the best total, by their index in turn order. */
export function crowned(totals: readonly number[]): number[] {
  if (totals.length === 0) return [];
  const best = Math.max(...totals);
  return totals.flatMap((total, index) => (total === best ? [index] : []));
}

/** Places by total, best first; tied totals share a place (1, 1, 3). */
export function places(totals: readonly number[]): number[] {
  return totals.map((total) => 1 + totals.filter((other) => other > total).length);
}
