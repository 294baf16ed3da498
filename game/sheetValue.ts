import { findColumn } from './availability';
import { diceTables, type DiceTables } from './diceTables';
import { firstRollAverage, solveTurn } from './expectimax';
import type { RuleSet } from './rules';
import { TOP_BONUS, TOP_BONUS_THRESHOLD } from './sums';
import { BOX_TYPES, type BoxType, type Column, COLUMN_TYPES, type ColumnType, type GameState } from './types';

// The advisor's value of a sheet across turns: a potential, every column's total with each empty box
// counted at its par value. Filling box B with score s is worth Phi(after) − Phi(before), so
// - an ordinary box gives s − par(C, B);
// - the top section's bonus enters as 30 × P(top ≥ 60), P from a normal around the projected top (filled
//   + par of the empty ones, sd 4 per empty box), so a good SIXES also buys bonus probability;
// - the middle section is ONES × (MAX − MIN) with empties at par, so its multiplier is valued as a product;
// - FREE has the highest factor (its boxes can wait for the dice), DOWNWARDS and UPWARDS the lowest (their
//   next box is the only one they offer, so it takes whatever the turn brings); MIDDLE and EDGES offer two
//   next boxes, HAND any box but only on the first roll.
// Par knows the turns left: with n empty boxes on the sheet an empty box is worth
//   par = forced + (PAR × ratio × COLUMN_FACTOR − forced) × (1 − e^(−(n−1)/PAR_TAU)),
// where forced is what three rolls aimed at that box's score alone get (for HAND: what one roll gets),
// computed with the dice tables of the rule set (five dice, CLASSIC: ONES..SIXES 2.1 4.2 6.3 8.4 10.5 12.6,
// MAX and MIN 23.3, TRIPS 16.4, STRAIGHT 10.7, BOAT 17.8, CARRIAGE 16.1, YAMB 3.2), and `ratio` carries PAR,
// tuned on five dice with CLASSIC straights, to the rule set's dice and straight: the box's forced value
// there over its five-dice CLASSIC one (for MIN the low-aimed forced values, as a low MIN is the good one).
// Early the dice can wait for a box, so it is worth its full par; on the last turns it is worth what forcing
// it gets, which makes YAMB and STRAIGHT the boxes to scratch late and good fills of them urgent early.
// MIN's forced value is the high-aimed one, not the low-aimed, which scored lower. How the constants below
// were tuned, with the figures of each try: docs/advisor.md.

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
  MIDDLE: 0.9,
  EDGES: 0.9,
};

/**
 * Turns left (beyond this one) at which par has fallen 1/e ≈ 37% of the way from full to forced, on
 * CLASSIC's 52 boxes; a longer sheet waits longer in proportion (LONG's 91 boxes: 35).
 */
const PAR_TAU = 20;
const CLASSIC_BOXES = 52;

export interface Target {
  column: ColumnType;
  box: BoxType;
}

const ONES = BOX_TYPES.indexOf('ONES');
const MAX = BOX_TYPES.indexOf('MAX');
const MIN = BOX_TYPES.indexOf('MIN');
const STRAIGHT = BOX_TYPES.indexOf('STRAIGHT');
const TOP_INDICES = [0, 1, 2, 3, 4, 5];
const BOTTOM_INDICES = (['TRIPS', 'STRAIGHT', 'BOAT', 'CARRIAGE', 'YAMB'] as const).map((b) =>
  BOX_TYPES.indexOf(b),
);

/** What the par values of one rule set's dice and straight rest on. */
interface Profile {
  tables: DiceTables;
  /** Per box: the late value (three rolls aimed at it; HAND: one roll). */
  forced: Float64Array;
  forcedHand: Float64Array;
  /** Per column, per box: the full (early) par. */
  full: Record<ColumnType, Float64Array>;
}

/** What rolls aimed at box `b` alone score on average (`sign` −1: aimed low); `rolls` 1 takes the first. */
function aimed(tables: DiceTables, rules: RuleSet, b: number, sign: number, rolls: number): number {
  const levelAt = (c: number) => ({
    gains: [Float64Array.from(tables.scores(rules.straight, c)[b], (s) => sign * s)],
    canRoll: c < rolls,
  });
  return sign * firstRollAverage(tables, solveTurn(tables, levelAt).value[1]);
}

const profiles = new Map<string, Profile>();

function profileOf(rules: RuleSet): Profile {
  const key = `${rules.dice}${rules.straight}`;
  const known = profiles.get(key);
  if (known) return known;
  const tables = diceTables(rules.dice);
  const forcedOf = (r: RuleSet, rolls: number) =>
    Float64Array.from(BOX_TYPES, (_, b) => aimed(diceTables(r.dice), r, b, 1, rolls));
  const forced = forcedOf(rules, 3);
  const reference =
    key === '5CLASSIC' ? forced : profileOf({ ...rules, dice: 5, straight: 'CLASSIC' }).forced;
  const lowMin = (r: RuleSet) => aimed(diceTables(r.dice), r, MIN, -1, 3);
  const minRatio =
    key === '5CLASSIC' ? 1 : lowMin(rules) / lowMin({ ...rules, dice: 5, straight: 'CLASSIC' });
  const base = BOX_TYPES.map((box, b) => PAR[box] * (b === MIN ? minRatio : forced[b] / reference[b]));
  const full = Object.fromEntries(
    COLUMN_TYPES.map((column) => [column, Float64Array.from(base, (p) => p * COLUMN_FACTOR[column])]),
  ) as Record<ColumnType, Float64Array>;
  const profile = { tables, forced, forcedHand: forcedOf(rules, 1), full };
  profiles.set(key, profile);
  return profile;
}

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

/** How far above its forced value an empty box is worth with `empty` boxes left on the sheet. */
function parWeight(empty: number, boxes: number): number {
  return 1 - Math.exp(-(empty - 1) / ((PAR_TAU * boxes) / CLASSIC_BOXES));
}

/** A column's boxes in BOX_TYPES order: the filled values, and pars for the empty ones. */
interface ColumnView {
  value: Float64Array;
  empty: boolean[];
}

function viewOf(profile: Profile, column: Column, w: number): ColumnView {
  const value = new Float64Array(BOX_TYPES.length);
  const forced = column.type === 'HAND' ? profile.forcedHand : profile.forced;
  const full = profile.full[column.type];
  const empty = BOX_TYPES.map((box, b) => {
    const found = column.boxes.find((x) => x.type === box)?.value ?? null;
    value[b] = found ?? forced[b] + (full[b] - forced[b]) * w;
    return found === null;
  });
  return { value, empty };
}

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

/** What filling boxes of one sheet gains, by the potential, for every dice multiset. */
export interface SheetValue {
  tables: DiceTables;
  /** gains(target, c)[d]: filling `target` with multiset d after the turn's c-th roll. */
  gains: (target: Target, rollCount: number) => Float64Array;
}

export function sheetValue(state: GameState): SheetValue {
  const { rules } = state;
  const profile = profileOf(rules);
  const { tables } = profile;
  const w = parWeight(emptyBoxes(state), state.sheet.columns.length * BOX_TYPES.length);
  const views = new Map<ColumnType, ColumnView>();
  const memo = new Map<string, Float64Array>();
  const gains = (target: Target, rollCount: number): Float64Array => {
    const b = BOX_TYPES.indexOf(target.box);
    // Only a BY_ROLL straight scores by the roll.
    const byRoll = b === STRAIGHT && rules.straight === 'BY_ROLL';
    const key = `${target.column}${target.box}${byRoll ? rollCount : ''}`;
    const known = memo.get(key);
    if (known) return known;
    let view = views.get(target.column);
    if (!view) {
      view = viewOf(profile, findColumn(state, target.column), w);
      views.set(target.column, view);
    }
    const before = potential(view, -1, 0);
    const scores = tables.scores(rules.straight, rollCount)[b];
    const byScore = new Float64Array(128).fill(NaN);
    const out = new Float64Array(scores.length);
    for (let d = 0; d < scores.length; d++) {
      const s = scores[d];
      if (Number.isNaN(byScore[s])) byScore[s] = potential(view, b, s) - before;
      out[d] = byScore[s];
    }
    memo.set(key, out);
    return out;
  };
  return { tables, gains };
}
