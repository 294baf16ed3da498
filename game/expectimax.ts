import type { DiceTables } from './diceTables';
import { MAX_ROLLS } from './types';

// One turn solved exactly: expectimax over the rolls left, on the dice multisets of `DiceTables`.
// Level c is the state after the turn's c-th roll (c = 1..3). At each level the turn may fill one of that
// level's boxes (what each is worth for each multiset: `gains`; the boxes may differ by level, as HAND's do)
// or, when the rules let it roll, keep some dice and roll the rest:
//   E[c][k] = Σ p(outcome) · V[c+1][keep k + outcome],   V[c][d] = max(best fill at c, max over keeps of E[c][k]).
// Six dice: 462 multisets and 924 keeps, ~12k multiply-adds per level.

export interface Level {
  /** gains[t][d]: what filling the level's t-th box with multiset d is worth; none when nothing may be filled. */
  gains: Float64Array[];
  /** Whether the rules allow a roll at this level (never at the last). */
  canRoll: boolean;
}

export interface TurnTable {
  /** value[c][d]: the worth of holding multiset d after roll c, played on at best (index 0 unused). */
  value: Float64Array[];
  /** keep[c][k]: the worth of keeping k after roll c and rolling the rest; null when no roll is allowed. */
  keep: (Float64Array | null)[];
  /** best[c][d]: the index of the box at level c worth most for multiset d, −1 when none may be filled. */
  best: Int32Array[];
}

function bestFill(size: number, gains: Float64Array[]): { fill: Float64Array; best: Int32Array } {
  const fill = new Float64Array(size).fill(-Infinity);
  const best = new Int32Array(size).fill(-1);
  gains.forEach((g, t) => {
    for (let d = 0; d < size; d++) {
      if (g[d] > fill[d]) {
        fill[d] = g[d];
        best[d] = t;
      }
    }
  });
  return { fill, best };
}

function keepValues(tables: DiceTables, next: Float64Array): Float64Array {
  const e = new Float64Array(tables.keeps.length);
  for (let k = 0; k < e.length; k++) {
    const { to, p } = tables.outcomes[k];
    let sum = 0;
    for (let i = 0; i < to.length; i++) sum += p[i] * next[to[i]];
    e[k] = sum;
  }
  return e;
}

/** Solves the levels from `from` on that the turn can reach; `levelAt(c)` says what level c offers. */
export function solveTurn(tables: DiceTables, levelAt: (c: number) => Level, from = 1): TurnTable {
  const size = tables.multisets.length;
  const value: Float64Array[] = [];
  const keep: (Float64Array | null)[] = [];
  const best: Int32Array[] = [];
  // Levels past a refused roll are never reached.
  const levels: Level[] = [];
  let last = from;
  levels[last] = levelAt(last);
  while (last < MAX_ROLLS && levels[last].canRoll) {
    last++;
    levels[last] = levelAt(last);
  }
  for (let c = last; c >= from; c--) {
    const filled = bestFill(size, levels[c].gains);
    best[c] = filled.best;
    if (c === last) {
      value[c] = filled.fill;
      keep[c] = null;
      continue;
    }
    const e = keepValues(tables, value[c + 1]);
    const v = new Float64Array(size);
    for (let d = 0; d < size; d++) {
      let m = filled.fill[d];
      for (const k of tables.subkeeps[d]) if (e[k] > m) m = e[k];
      v[d] = m;
    }
    keep[c] = e;
    value[c] = v;
  }
  return { value, keep, best };
}

/** The average of `after` over a turn's first roll (every die thrown). */
export function firstRollAverage(tables: DiceTables, after: Float64Array): number {
  const first = tables.outcomes[tables.keepIndex.get('') as number];
  let sum = 0;
  for (let i = 0; i < first.to.length; i++) sum += first.p[i] * after[first.to[i]];
  return sum;
}
