import type { DiceCount, StraightRule } from './rules';
import { scoreBox } from './score';
import { BOX_TYPES } from './types';

// The dice tables the advisor's expectimax runs on, one set per dice count, each built on the first advice
// that needs it (`diceTables`, tens of ms for six dice), not when the module loads: the Worker bundles the
// advisor for the bot, and every isolate's start would pay for them. For n dice: the sorted multisets of n
// dice (252 for five, 462 for six), the keeps (multisets of 0..n dice: 462 or 924), what rolling the rest of
// a keep can give, and every box's score for every multiset.

export interface DiceTables {
  count: DiceCount;
  /** The sorted n-dice multisets. */
  multisets: number[][];
  /** A multiset's digits joined ('11236') to its index in `multisets`. */
  index: Map<string, number>;
  /** The sorted keeps, sizes 0..n. */
  keeps: number[][];
  /** A keep's digits joined ('' for none) to its index in `keeps`. */
  keepIndex: Map<string, number>;
  /** For each keep: the multisets rolling the other dice can give (`to`), with their probabilities. */
  outcomes: { to: Int32Array; p: Float64Array }[];
  /** For each multiset: its distinct proper sub-multisets (the keeps that roll at least one die). */
  subkeeps: Int32Array[];
  /** plus[6k + f − 1]: the keep k with one more die of face f (−1 when k holds every die). */
  plus: Int32Array;
  /** minus[6k + f − 1]: the keep k without one die of face f (−1 when k has none). */
  minus: Int32Array;
  /** wholeKeep[d]: multiset d as a keep (all its dice kept); multisetOf[k]: the reverse, −1 for smaller keeps. */
  wholeKeep: Int32Array;
  multisetOf: Int32Array;
  /**
   * scores(rule, rollCount)[b][d]: what box BOX_TYPES[b] scores for multiset d when written after
   * `rollCount` rolls (only a BY_ROLL straight depends on the rolls).
   */
  scores: (rule: StraightRule, rollCount: number) => Int16Array[];
}

function multisets(size: number, from = 1, prefix: number[] = [], out: number[][] = []): number[][] {
  if (prefix.length === size) out.push(prefix);
  else for (let f = from; f <= 6; f++) multisets(size, f, [...prefix, f], out);
  return out;
}

const FACTORIAL = [1, 1, 2, 6, 24, 120, 720];

/** The chance that rolling `dice.length` dice shows exactly this multiset. */
export function probability(dice: readonly number[]): number {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]++;
  return counts.reduce((p, c) => p / FACTORIAL[c], FACTORIAL[dice.length]) / 6 ** dice.length;
}

function build(count: DiceCount): DiceTables {
  const all = multisets(count);
  const index = new Map(all.map((m, i) => [m.join(''), i]));
  const keeps: number[][] = [];
  for (let n = 0; n <= count; n++) keeps.push(...multisets(n));
  const keepIndex = new Map(keeps.map((k, i) => [k.join(''), i]));
  const outcomes = keeps.map((keep) => {
    const rolled = multisets(count - keep.length);
    return {
      to: Int32Array.from(rolled, (o) => index.get([...keep, ...o].sort((a, b) => a - b).join('')) as number),
      p: Float64Array.from(rolled, probability),
    };
  });
  const subkeeps = all.map((dice) => {
    const seen = new Set<number>();
    for (let mask = 0; mask < (1 << count) - 1; mask++) {
      seen.add(keepIndex.get(dice.filter((_, i) => mask & (1 << i)).join('')) as number);
    }
    return Int32Array.from(seen);
  });
  const plus = new Int32Array(keeps.length * 6).fill(-1);
  const minus = new Int32Array(keeps.length * 6).fill(-1);
  keeps.forEach((keep, k) => {
    for (let f = 1; f <= 6; f++) {
      if (keep.length < count) {
        plus[6 * k + f - 1] = keepIndex.get([...keep, f].sort((a, b) => a - b).join('')) as number;
      }
      const at = keep.indexOf(f);
      if (at >= 0) minus[6 * k + f - 1] = keepIndex.get(keep.filter((_, i) => i !== at).join('')) as number;
    }
  });
  const wholeKeep = Int32Array.from(all, (m) => keepIndex.get(m.join('')) as number);
  const multisetOf = new Int32Array(keeps.length).fill(-1);
  wholeKeep.forEach((k, d) => {
    multisetOf[k] = d;
  });
  const byRule = new Map<string, Int16Array[]>();
  const scores = (rule: StraightRule, rollCount: number): Int16Array[] => {
    // Only a BY_ROLL straight tells the rolls apart; every CLASSIC roll count shares one table.
    const key = rule === 'BY_ROLL' ? `${rule}${rollCount}` : rule;
    let table = byRule.get(key);
    if (!table) {
      // A BY_ROLL table shares every row but STRAIGHT's with the CLASSIC one.
      const classic = rule === 'CLASSIC' ? null : scores('CLASSIC', rollCount);
      table = BOX_TYPES.map(
        (box, b) =>
          (box !== 'STRAIGHT' && classic?.[b]) ||
          Int16Array.from(all, (dice) => scoreBox(box, dice, rule, rollCount)),
      );
      byRule.set(key, table);
    }
    return table;
  };
  return {
    count,
    multisets: all,
    index,
    keeps,
    keepIndex,
    outcomes,
    subkeeps,
    plus,
    minus,
    wholeKeep,
    multisetOf,
    scores,
  };
}

const built = new Map<DiceCount, DiceTables>();

/** The tables for `count` dice, built the first time they are asked for. */
export function diceTables(count: DiceCount): DiceTables {
  let tables = built.get(count);
  if (!tables) {
    tables = build(count);
    built.set(count, tables);
  }
  return tables;
}
