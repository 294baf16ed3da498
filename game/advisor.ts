import { canAnnounce, canRoll, fillableBoxes, findColumn } from './availability';
import {
  buildDiceTables,
  INDEX,
  KEEP_INDEX,
  KEEPS,
  MULTISETS,
  OUTCOMES,
  SCORES,
  SUBKEEPS,
} from './diceTables';
import type { GameMove } from './moves';
import { TOP_BONUS, TOP_BONUS_THRESHOLD } from './sums';
import {
  BOX_TYPES,
  type BoxType,
  type Column,
  COLUMN_TYPES,
  type ColumnType,
  type GameState,
  MAX_ROLLS,
} from './types';

// The move advisor: the best decision now, deterministic and pure.
//
// Within a turn it is exact: expectimax over the remaining rolls on the 252 dice multisets. A keep is a
// multiset of kept dice (462 of them, sizes 0..5); E[keep, r] averages V over the outcomes of rolling the
// other dice, and V[dice, r] = max(fill now, best keep's E[keep, r-1]). One table per set of allowed boxes
// (the turn's own boxes, or each ANNOUNCEMENT box tried after the first roll): ~30k operations each.
//
// Across turns the sheet is valued by a potential: every column's total with each empty box counted at its
// par value. Filling box B with score s is worth Phi(after) − Phi(before), so
// - an ordinary box gives s − par(C, B);
// - the top section's bonus enters as 30 × P(top ≥ 60), P from a normal around the projected top (filled
//   + par of the empty ones, sd 4 per empty box), so a good SIXES also buys bonus probability;
// - the middle section is ONES × (MAX − MIN) with empties at par, so its multiplier is valued as a product;
// - FREE has the highest factor (its boxes can wait for the dice), DOWNWARDS and UPWARDS the lowest (their
//   next box is the only one they offer, so it takes whatever the turn brings).
// Par knows the turns left: with n empty boxes on the sheet an empty box is worth
//   par = forced + (PAR × COLUMN_FACTOR − forced) × (1 − e^(−(n−1)/PAR_TAU)),
// where forced is what three rolls aimed at that box's score alone get (FORCED, computed with the tables:
// ONES..SIXES 2.1 4.2 6.3 8.4 10.5 12.6, MAX and MIN 23.3, TRIPS 16.4, STRAIGHT 10.7, BOAT 17.8,
// CARRIAGE 16.1, YAMB 3.2).
// Early the dice can wait for a box, so it is worth its full par; on the last turns it is worth what forcing
// it gets, which makes YAMB and STRAIGHT the boxes to scratch late and good fills of them urgent early.
// MIN's forced value is the high-aimed 23.3, not the low-aimed 11.7, which scored lower. How the constants
// below were tuned, with the figures of each try: docs/advisor.md.

const PAR: Record<BoxType, number> = {
  ONES: 2.5,
  TWOS: 6,
  THREES: 9,
  FOURS: 12,
  FIVES: 15,
  SIXES: 18,
  MAX: 24,
  MIN: 8,
  TRIPS: 24,
  STRAIGHT: 20,
  BOAT: 30,
  CARRIAGE: 25,
  YAMB: 8,
};

const COLUMN_FACTOR: Record<ColumnType, number> = {
  DOWNWARDS: 0.8,
  UPWARDS: 0.8,
  FREE: 1.3,
  ANNOUNCEMENT: 1,
  HAND: 0.9,
  MIDDLE: 0.8,
  EDGES: 0.8,
};

/** Turns left (beyond this one) at which par has fallen 1/e ≈ 37% of the way from full to forced. */
const PAR_TAU = 20;

const COLUMN_PAR = Object.fromEntries(
  COLUMN_TYPES.map((column) => [column, BOX_TYPES.map((b) => PAR[b] * COLUMN_FACTOR[column])]),
) as Record<ColumnType, number[]>;

const TOP: readonly BoxType[] = ['ONES', 'TWOS', 'THREES', 'FOURS', 'FIVES', 'SIXES'];
const BOTTOM: readonly BoxType[] = ['TRIPS', 'STRAIGHT', 'BOAT', 'CARRIAGE', 'YAMB'];

export interface Target {
  column: ColumnType;
  box: BoxType;
}

export interface Candidate {
  decision: Decision;
  expected: number;
}

export type Decision =
  | { kind: 'ROLL'; diceToRoll: number[] }
  | { kind: 'ANNOUNCE'; box: BoxType }
  | { kind: 'FILL'; column: ColumnType; box: BoxType };

export type Advice = Decision & {
  /** The sheet's value gained this turn, by the heuristic, if the best play is followed. */
  expected: number;
  candidates: Candidate[];
  reason: { keep: number[]; target: Target | null };
};

/** The rules' move that carries out a decision (the bot plays it; the tests and the bench apply it). */
export function moveOf(decision: Decision): GameMove {
  switch (decision.kind) {
    case 'ROLL':
      return { type: 'ROLL', diceToRoll: decision.diceToRoll };
    case 'ANNOUNCE':
      return { type: 'ANNOUNCE', boxType: decision.box };
    case 'FILL':
      return { type: 'FILL', columnType: decision.column, boxType: decision.box };
  }
}

// ---- the sheet's potential ----

function normalCdf(z: number): number {
  // Abramowitz–Stegun 7.1.26 through erf; plenty for a heuristic.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496735) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The par of an empty box when `w` of the way from its forced value to its full par (see parWeight). */
function parOf(b: number, column: ColumnType, w: number): number {
  const forced = FORCED[b];
  return forced + (COLUMN_PAR[column][b] - forced) * w;
}

/** How far above its forced value an empty box is worth with `empty` boxes left on the sheet. */
function parWeight(empty: number): number {
  return 1 - Math.exp(-(empty - 1) / PAR_TAU);
}

/** A column's boxes in BOX_TYPES order: the filled values, and pars for the empty ones. */
interface ColumnView {
  value: Float64Array;
  empty: boolean[];
}

function viewOf(column: Column, w: number): ColumnView {
  const value = new Float64Array(BOX_TYPES.length);
  const empty = BOX_TYPES.map((box, b) => {
    const found = column.boxes.find((x) => x.type === box)?.value ?? null;
    value[b] = found ?? parOf(b, column.type, w);
    return found === null;
  });
  return { value, empty };
}

const ONES = BOX_TYPES.indexOf('ONES');
const MAX = BOX_TYPES.indexOf('MAX');
const MIN = BOX_TYPES.indexOf('MIN');
const TOP_INDICES = TOP.map((box) => BOX_TYPES.indexOf(box));
const BOTTOM_INDICES = BOTTOM.map((box) => BOX_TYPES.indexOf(box));

/** The column's projected total, with box `override` (an index, or −1) scored `score`. */
function potential(view: ColumnView, override: number, score: number): number {
  const v = (b: number): number => (b === override ? score : view.value[b]);
  let top = 0;
  let emptyTop = 0;
  for (const b of TOP_INDICES) {
    top += v(b);
    if (view.empty[b] && b !== override) emptyTop++;
  }
  const bonus =
    emptyTop === 0
      ? top >= TOP_BONUS_THRESHOLD
        ? TOP_BONUS
        : 0
      : TOP_BONUS * normalCdf((top - (TOP_BONUS_THRESHOLD - 0.5)) / (4 * Math.sqrt(emptyTop)));
  const middle = Math.max(0, v(ONES) * (v(MAX) - v(MIN)));
  let bottom = 0;
  for (const b of BOTTOM_INDICES) bottom += v(b);
  return top + bonus + middle + bottom;
}

function emptyBoxes(state: GameState): number {
  let n = 0;
  for (const c of state.sheet.columns) for (const b of c.boxes) if (b.value === null) n++;
  return n;
}

/** What filling `target` gains, by the heuristic, for each of the 252 dice multisets. */
function fillGains(state: GameState, target: Target): Float64Array {
  const view = viewOf(findColumn(state, target.column), parWeight(emptyBoxes(state)));
  const before = potential(view, -1, 0);
  const boxIndex = BOX_TYPES.indexOf(target.box);
  const byScore = new Map<number, number>();
  const gains = new Float64Array(MULTISETS.length);
  for (let d = 0; d < MULTISETS.length; d++) {
    const s = SCORES[d][boxIndex];
    let g = byScore.get(s);
    if (g === undefined) {
      g = potential(view, boxIndex, s) - before;
      byScore.set(s, g);
    }
    gains[d] = g;
  }
  return gains;
}

/** What filling `target` with dice multiset `d` gains: fillGains for one multiset. */
function fillGain(state: GameState, target: Target, d: number): number {
  const view = viewOf(findColumn(state, target.column), parWeight(emptyBoxes(state)));
  const boxIndex = BOX_TYPES.indexOf(target.box);
  return potential(view, boxIndex, SCORES[d][boxIndex]) - potential(view, -1, 0);
}

interface Table {
  /** V[r][d]: the value of holding dice d with r rolls left. */
  value: Float64Array[];
  /** E[r][k]: the value of keeping k and rolling the rest, with r rolls left after that roll. */
  keep: Float64Array[];
  /** The best target to fill for each dice multiset. */
  best: Int32Array;
  fillValue: Float64Array;
}

function solve(gainsOf: Float64Array[], rollsLeft: number): Table {
  const fillValue = new Float64Array(MULTISETS.length).fill(-Infinity);
  const best = new Int32Array(MULTISETS.length).fill(-1);
  gainsOf.forEach((gains, t) => {
    for (let d = 0; d < MULTISETS.length; d++) {
      if (gains[d] > fillValue[d]) {
        fillValue[d] = gains[d];
        best[d] = t;
      }
    }
  });
  const value = [fillValue];
  const keep: Float64Array[] = [];
  for (let r = 1; r <= rollsLeft; r++) {
    const below = value[r - 1];
    const e = new Float64Array(KEEPS.length);
    for (let k = 0; k < KEEPS.length; k++) {
      const { to, p } = OUTCOMES[k];
      let sum = 0;
      for (let i = 0; i < to.length; i++) sum += p[i] * below[to[i]];
      e[k] = sum;
    }
    keep[r - 1] = e;
    const v = new Float64Array(MULTISETS.length);
    for (let d = 0; d < MULTISETS.length; d++) {
      let m = fillValue[d];
      for (const k of SUBKEEPS[d]) if (e[k] > m) m = e[k];
      v[d] = m;
    }
    value.push(v);
  }
  return { value, keep, best, fillValue };
}

const cache = new Map<string, { targets: Target[]; table: Table }>();

function sheetKey(state: GameState): string {
  return state.sheet.columns
    .map((c) => c.boxes.map((b) => (b.value === null ? '-' : b.value)).join(','))
    .join('|');
}

/**
 * Each box's expected score when three rolls aim at it alone: par's value when no turn is left to wait.
 * Filled with the dice tables, on the first advice.
 */
const FORCED: number[] = [];

function prepare() {
  if (FORCED.length > 0) return;
  buildDiceTables();
  for (let b = 0; b < BOX_TYPES.length; b++) {
    const gains = Float64Array.from(SCORES, (scores) => scores[b]);
    const table = solve([gains], MAX_ROLLS - 1);
    const first = OUTCOMES[KEEP_INDEX.get('') as number];
    FORCED.push(first.to.reduce((sum, to, i) => sum + first.p[i] * table.value[MAX_ROLLS - 1][to], 0));
  }
}

/** The table for `targets` on this sheet, memoised by sheet and allowed boxes (a few entries suffice). */
function tableFor(state: GameState, targets: Target[], rollsLeft: number): Table {
  const key = `${sheetKey(state)}#${targets.map((t) => t.column + t.box).join(',')}#${rollsLeft}`;
  const hit = cache.get(key);
  if (hit) return hit.table;
  const table = solve(
    targets.map((t) => fillGains(state, t)),
    rollsLeft,
  );
  if (cache.size > 64) cache.clear();
  cache.set(key, { targets, table });
  return table;
}

function sortedIndex(dice: readonly number[]): number {
  return INDEX.get([...dice].sort((a, b) => a - b).join('')) as number;
}

/** Indices of `dice` to roll again so that `keep` stays. */
function diceToRollFor(dice: readonly number[], keep: readonly number[]): number[] {
  const left = [...keep];
  const roll: number[] = [];
  dice.forEach((d, i) => {
    const at = left.indexOf(d);
    if (at >= 0) left.splice(at, 1);
    else roll.push(i);
  });
  return roll;
}

function keptIndices(dice: readonly number[], diceToRoll: readonly number[]): number[] {
  return dice.map((_, i) => i).filter((i) => !diceToRoll.includes(i));
}

/** The best decision for `state`; throws when the game is over. */
export function advise(state: GameState): Advice {
  if (state.status !== 'IN_PROGRESS') throw new Error('The game is over');
  prepare();
  if (state.rollCount === 0) {
    const all = [0, 1, 2, 3, 4];
    const targets = fillableBoxesAfterRoll(state);
    const table = tableFor(state, targets, MAX_ROLLS - 1);
    // Before the first roll: the average over first rolls of the best play after it.
    let expected = 0;
    const first = OUTCOMES[KEEP_INDEX.get('') as number];
    for (let i = 0; i < first.to.length; i++)
      expected += first.p[i] * table.value[MAX_ROLLS - 1][first.to[i]];
    if (!Number.isFinite(expected)) expected = 0; // only ANNOUNCEMENT is left: valued after the roll
    const decision: Decision = { kind: 'ROLL', diceToRoll: all };
    return {
      ...decision,
      expected,
      candidates: [{ decision, expected }],
      reason: { keep: [], target: null },
    };
  }
  const rollsLeft = canRoll(state) === null ? MAX_ROLLS - state.rollCount : 0;
  const d = sortedIndex(state.dice);
  const candidates: (Candidate & { keep: number[]; target: Target | null })[] = [];

  const targets = fillableBoxes(state);
  if (targets.length > 0) {
    const table = tableFor(state, targets, rollsLeft);
    const gains = targets.map((t) => fillGain(state, t, d));
    targets.forEach((t, i) => {
      candidates.push({
        decision: { kind: 'FILL', column: t.column, box: t.box },
        expected: gains[i],
        keep: [0, 1, 2, 3, 4],
        target: t,
      });
    });
    if (rollsLeft > 0) {
      for (const k of SUBKEEPS[d]) {
        const diceToRoll = diceToRollFor(state.dice, KEEPS[k]);
        candidates.push({
          decision: { kind: 'ROLL', diceToRoll },
          expected: table.keep[rollsLeft - 1][k],
          keep: keptIndices(state.dice, diceToRoll),
          target: bestTargetAfterKeep(table, targets, k),
        });
      }
    }
  }
  if (state.rollCount === 1 && state.announcement === null) {
    for (const box of BOX_TYPES) {
      if (!canAnnounce(state, box)) continue;
      const target: Target = { column: 'ANNOUNCEMENT', box };
      const table = tableFor(state, [target], MAX_ROLLS - 1);
      candidates.push({
        decision: { kind: 'ANNOUNCE', box },
        expected: table.value[MAX_ROLLS - 1][d],
        keep: [],
        target,
      });
    }
  }
  if (candidates.length === 0) throw new Error('No legal decision');
  // Ties go to the earliest candidate: fills before rolls before announcements, in sheet order.
  let top = candidates[0];
  for (const c of candidates) if (c.expected > top.expected + 1e-9) top = c;
  return {
    ...top.decision,
    expected: top.expected,
    candidates: candidates.map(({ decision, expected }) => ({ decision, expected })),
    reason: { keep: top.keep, target: top.target },
  };
}

/** The boxes a fill may take once the dice are rolled (before the roll canFill refuses every box). */
function fillableBoxesAfterRoll(state: GameState): Target[] {
  return fillableBoxes({ ...state, rollCount: 1 });
}

/** The box most often filled after keeping `k`: the reason's target. */
function bestTargetAfterKeep(table: Table, targets: Target[], k: number): Target | null {
  const { to, p } = OUTCOMES[k];
  const weight = new Float64Array(targets.length);
  for (let i = 0; i < to.length; i++) if (table.best[to[i]] >= 0) weight[table.best[to[i]]] += p[i];
  let best = -1;
  for (let t = 0; t < targets.length; t++) if (best < 0 || weight[t] > weight[best]) best = t;
  return best < 0 ? null : targets[best];
}
