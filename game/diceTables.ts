import { scoreBox } from './score';
import { BOX_TYPES } from './types';

const DICE_COUNT = 5;

// The dice tables the advisor's expectimax runs on, built on the first advice (`buildDiceTables`, tens of
// ms), not when the module loads: the Worker bundles the advisor for the bot, and every isolate's start
// would pay for them. The 252 sorted multisets of five dice, the 462 keeps (multisets of 0..5 dice), what
// rolling the rest of a keep can give, and every box's score for every multiset.

/** The 252 sorted five-dice multisets. */
export const MULTISETS: number[][] = [];
/** A multiset's digits joined ('11236') to its index in MULTISETS. */
export const INDEX = new Map<string, number>();
/** The 462 sorted keeps, sizes 0..5. */
export const KEEPS: number[][] = [];
/** A keep's digits joined ('' for none) to its index in KEEPS. */
export const KEEP_INDEX = new Map<string, number>();

function multisets(size: number, from = 1, prefix: number[] = [], out: number[][] = []): number[][] {
  if (prefix.length === size) out.push(prefix);
  else for (let f = from; f <= 6; f++) multisets(size, f, [...prefix, f], out);
  return out;
}

const FACTORIAL = [1, 1, 2, 6, 24, 120];

/** The chance that rolling `dice.length` dice shows exactly this multiset. */
export function probability(dice: readonly number[]): number {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]++;
  return counts.reduce((p, c) => p / FACTORIAL[c], FACTORIAL[dice.length]) / 6 ** dice.length;
}

/** For each keep: the dice multisets its roll can give, with their probabilities. */
export const OUTCOMES: { to: number[]; p: number[] }[] = [];
/** For each dice multiset: its distinct proper sub-multisets (keeps that roll at least one die). */
export const SUBKEEPS: number[][] = [];
/** SCORES[d][b]: what box BOX_TYPES[b] scores for MULTISETS[d]. */
export const SCORES: number[][] = [];

/** Fills the tables above, the first time only. */
export function buildDiceTables() {
  if (MULTISETS.length > 0) return;
  for (const m of multisets(DICE_COUNT)) {
    INDEX.set(m.join(''), MULTISETS.length);
    MULTISETS.push(m);
  }
  for (let n = 0; n <= DICE_COUNT; n++) {
    for (const k of multisets(n)) {
      KEEP_INDEX.set(k.join(''), KEEPS.length);
      KEEPS.push(k);
    }
  }
  for (const keep of KEEPS) {
    const to: number[] = [];
    const p: number[] = [];
    for (const o of multisets(DICE_COUNT - keep.length)) {
      to.push(INDEX.get([...keep, ...o].sort((a, b) => a - b).join('')) as number);
      p.push(probability(o));
    }
    OUTCOMES.push({ to, p });
  }
  for (const dice of MULTISETS) {
    const seen = new Set<number>();
    for (let mask = 0; mask < 31; mask++) {
      const keep = dice.filter((_, i) => mask & (1 << i));
      seen.add(KEEP_INDEX.get(keep.join('')) as number);
    }
    SUBKEEPS.push([...seen]);
    SCORES.push(BOX_TYPES.map((box) => scoreBox(box, dice)));
  }
}
