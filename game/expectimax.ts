import type { DiceTables } from './diceTables';
import { MAX_ROLLS } from './types';

// One turn solved exactly: expectimax over the rolls left, on the dice multisets of `DiceTables`.
// Level c is the state after the turn's c-th roll (c = 1..3). At each level the turn may fill one of that
// level's boxes (what each is worth for each multiset: `gains`; the boxes may differ by level, as HAND's do)
// or, when the rules let it roll, keep some dice and roll the rest:
//   E[c][k] = Σ p(outcome) · V[c+1][keep k + outcome],   V[c][d] = max(best fill at c, max over keeps of E[c][k]).
// Six dice: 462 multisets and 924 keeps, ~15k operations per level.

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

/**
 * E[k] for every keep, from the largest keeps down: keeping k and rolling the rest is, die by die, the
 * average over the next die's face of keeping k plus that face (a whole multiset is worth `next`). Six
 * operations a keep instead of one per outcome (~5.5k instead of ~12k on six dice).
 */
function keepValues(tables: DiceTables, next: Float64Array): Float64Array {
  const { plus, multisetOf } = tables;
  const e = new Float64Array(tables.keeps.length);
  for (let k = e.length - 1; k >= 0; k--) {
    if (multisetOf[k] >= 0) {
      e[k] = next[multisetOf[k]];
      continue;
    }
    const at = 6 * k;
    e[k] =
      (e[plus[at]] +
        e[plus[at + 1]] +
        e[plus[at + 2]] +
        e[plus[at + 3]] +
        e[plus[at + 4]] +
        e[plus[at + 5]]) /
      6;
  }
  return e;
}

/**
 * For every multiset, the best of E over its proper sub-keeps: best[k] = max(E[k], best of k less one die)
 * from the smallest keeps up, then each multiset takes the best of itself less one die.
 */
function bestRolls(tables: DiceTables, e: Float64Array): Float64Array {
  const { minus, multisetOf, wholeKeep } = tables;
  const best = new Float64Array(e.length);
  for (let k = 0; k < e.length; k++) {
    if (multisetOf[k] >= 0) break; // keeps come by size: the whole multisets are last
    let m = e[k];
    for (let f = 0; f < 6; f++) {
      const less = minus[6 * k + f];
      if (less >= 0 && best[less] > m) m = best[less];
    }
    best[k] = m;
  }
  const out = new Float64Array(wholeKeep.length);
  for (let d = 0; d < out.length; d++) {
    let m = -Infinity;
    for (let f = 0; f < 6; f++) {
      const less = minus[6 * wholeKeep[d] + f];
      if (less >= 0 && best[less] > m) m = best[less];
    }
    out[d] = m;
  }
  return out;
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
    const roll = bestRolls(tables, e);
    const v = new Float64Array(size);
    for (let d = 0; d < size; d++) v[d] = roll[d] > filled.fill[d] ? roll[d] : filled.fill[d];
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
