import { canAnnounce, canRoll, fillableBoxes } from './availability';
import type { DiceTables } from './diceTables';
import { firstRollAverage, type Level, solveTurn, type TurnTable } from './expectimax';
import type { GameMove } from './moves';
import { type SheetValue, sheetValue, type Target } from './sheetValue';
import { BOX_TYPES, type BoxType, type ColumnType, type GameState, MAX_ROLLS } from './types';

export type { Target } from './sheetValue';

// The move advisor: the best decision now, deterministic and pure, for every rule set.
//
// Within a turn it is exact: expectimax over the remaining rolls on the dice multisets (game/expectimax.ts;
// 252 multisets and 462 keeps for five dice, 462 and 924 for six). The boxes a fill may take at each roll
// are the rules' own (fillableBoxes at that roll count: HAND's only after the first roll), and so is
// whether a roll is allowed (canRoll: never stuck); a BY_ROLL straight's score depends on the roll it is
// written after. One table per turn and announcement (the turn's own boxes, or each ANNOUNCEMENT box tried
// after the first roll), kept for the turn's later rolls.
//
// Across turns the sheet is valued by a potential, every column's total with each empty box counted at its
// par value (game/sheetValue.ts); a fill is worth the potential it adds.

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

/** One turn's solved table, with the boxes each level may fill (targets[c]) and what each gains. */
interface Turn {
  tables: DiceTables;
  table: TurnTable;
  targets: Target[][];
  gains: Float64Array[][];
}

function solveFrom(state: GameState, announcement: BoxType | null, from: number): Turn {
  const value = valueOf(state);
  const targets: Target[][] = [];
  const gains: Float64Array[][] = [];
  const levelAt = (c: number): Level => {
    const at: GameState = { ...state, rollCount: c, announcement };
    targets[c] = fillableBoxes(at);
    gains[c] = targets[c].map((t) => value.gains(t, c));
    return { gains: gains[c], canRoll: canRoll(at) === null };
  };
  return { tables: value.tables, table: solveTurn(value.tables, levelAt, from), targets, gains };
}

const cache = new Map<string, Turn>();
let lastValue: { key: string; value: SheetValue } | null = null;

/** The sheet's value, shared by the turn's tables (its own and each announcement's). */
function valueOf(state: GameState): SheetValue {
  const key = sheetKey(state);
  if (lastValue?.key !== key) lastValue = { key, value: sheetValue(state) };
  return lastValue.value;
}

function sheetKey(state: GameState): string {
  const { dice, straight, columns } = state.rules;
  const boxes = state.sheet.columns.map((c) =>
    c.boxes.map((b) => (b.value === null ? '-' : b.value)).join(','),
  );
  return `${dice}${straight}${columns.join()}|${boxes.join('|')}`;
}

/**
 * The turn's table from its first roll on, with `announcement` made (or none), memoised by sheet: a turn's
 * later rolls, and the next first roll's announcements, find it (a few dozen entries suffice).
 */
function turnOf(state: GameState, announcement: BoxType | null): Turn {
  const key = `${sheetKey(state)}#${announcement ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const turn = solveFrom(state, announcement, 1);
  if (cache.size > 64) cache.clear();
  cache.set(key, turn);
  return turn;
}

function sortedIndex(tables: DiceTables, dice: readonly number[]): number {
  return tables.index.get([...dice].sort((a, b) => a - b).join('')) as number;
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

type Scored = Candidate & { keep: number[]; target: Target | null };

/** Before the turn's first roll: roll every die; expected is the average over first rolls of the best play. */
function firstRollAdvice(state: GameState): Advice {
  const { tables, table } = turnOf(state, null);
  let expected = firstRollAverage(tables, table.value[1]);
  if (!Number.isFinite(expected)) expected = 0; // only ANNOUNCEMENT is left: valued after the roll
  const decision: Decision = { kind: 'ROLL', diceToRoll: state.dice.map((_, i) => i) };
  return {
    ...decision,
    expected,
    candidates: [{ decision, expected }],
    reason: { keep: [], target: null },
  };
}

/** The fills open now and, when the rules allow a roll, every distinct keep. */
function fillsAndRolls(state: GameState, turn: Turn, d: number): Scored[] {
  const c = state.rollCount;
  const candidates: Scored[] = turn.targets[c].map((t, i) => ({
    decision: { kind: 'FILL', column: t.column, box: t.box },
    expected: turn.gains[c][i][d],
    keep: state.dice.map((_, i) => i),
    target: t,
  }));
  const keep = turn.table.keep[c];
  if (canRoll(state) !== null || !keep) return candidates;
  const { tables } = turn;
  for (const k of tables.subkeeps[d]) {
    const diceToRoll = diceToRollFor(state.dice, tables.keeps[k]);
    candidates.push({
      decision: { kind: 'ROLL', diceToRoll },
      expected: keep[k],
      keep: keptIndices(state.dice, diceToRoll),
      target: bestTargetAfterKeep(turn, c + 1, k),
    });
  }
  return candidates;
}

/**
 * Each box that may be announced now, valued by playing the rest of the turn for it. A box whose best
 * possible fill gains no more than `toBeat` cannot be the advice, and is left out unsolved.
 */
function announcements(state: GameState, d: number, toBeat: number): Scored[] {
  if (state.rollCount !== 1 || state.announcement !== null) return [];
  const value = valueOf(state);
  const bound = (box: BoxType) => {
    let most = -Infinity;
    for (let c = 1; c <= MAX_ROLLS; c++)
      for (const g of value.gains({ column: 'ANNOUNCEMENT', box }, c)) most = Math.max(most, g);
    return most;
  };
  return BOX_TYPES.filter((box) => canAnnounce(state, box) && bound(box) > toBeat + 1e-9).map((box) => ({
    decision: { kind: 'ANNOUNCE', box },
    expected: turnOf(state, box).table.value[1][d],
    keep: [],
    target: { column: 'ANNOUNCEMENT', box },
  }));
}

/** The turn's table for `state` after a roll: its own, or (a state made up by hand) solved from where it is. */
function currentTurn(state: GameState): Turn {
  const turn = turnOf(state, state.announcement);
  // A state no turn of the rules reaches from its first roll (made up by hand) is solved from where it is.
  return turn.table.value[state.rollCount] === undefined
    ? solveFrom(state, state.announcement, state.rollCount)
    : turn;
}

/** The best decision for `state`; throws when the game is over. */
export function advise(state: GameState): Advice {
  if (state.status !== 'IN_PROGRESS') throw new Error('The game is over');
  if (state.rollCount === 0) return firstRollAdvice(state);
  const turn = currentTurn(state);
  const d = sortedIndex(turn.tables, state.dice);
  const played = fillsAndRolls(state, turn, d);
  const toBeat = played.reduce((most, c) => Math.max(most, c.expected), -Infinity);
  const candidates = [...played, ...announcements(state, d, toBeat)];
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

/** The box most often filled after keeping `k` and rolling into level `c`: the reason's target. */
function bestTargetAfterKeep(turn: Turn, c: number, k: number): Target | null {
  const targets = turn.targets[c];
  const best = turn.table.best[c];
  const { to, p } = turn.tables.outcomes[k];
  const weight = new Float64Array(targets.length);
  for (let i = 0; i < to.length; i++) if (best[to[i]] >= 0) weight[best[to[i]]] += p[i];
  let top = -1;
  for (let t = 0; t < targets.length; t++) if (top < 0 || weight[t] > weight[top]) top = t;
  return top < 0 ? null : targets[top];
}

/** The dice a decision keeps, by value and sorted: two keeps of the same values are the same keep. */
export function keptValues(dice: readonly number[], decision: Decision): number[] {
  if (decision.kind !== 'ROLL') return [...dice].sort((a, b) => a - b);
  return keptIndices(dice, decision.diceToRoll)
    .map((i) => dice[i])
    .sort((a, b) => a - b);
}

/** Whether two decisions for the same dice are the same choice (a keep by its kept values). */
export function sameDecision(dice: readonly number[], a: Decision, b: Decision): boolean {
  if (a.kind === 'ROLL' && b.kind === 'ROLL')
    return keptValues(dice, a).join() === keptValues(dice, b).join();
  if (a.kind === 'ANNOUNCE' && b.kind === 'ANNOUNCE') return a.box === b.box;
  if (a.kind === 'FILL' && b.kind === 'FILL') return a.column === b.column && a.box === b.box;
  return false;
}

/**
 * What any legal decision after a roll is worth, in the units of `advise`'s candidates — also an
 * announcement `advise` left out unsolved (it could not be the best). Null for a decision the rules refuse
 * now, and before the turn's first roll.
 */
export function decisionValue(state: GameState, decision: Decision): number | null {
  if (state.status !== 'IN_PROGRESS' || state.rollCount === 0) return null;
  const turn = currentTurn(state);
  const d = sortedIndex(turn.tables, state.dice);
  if (decision.kind === 'ANNOUNCE') {
    const open = state.rollCount === 1 && state.announcement === null && canAnnounce(state, decision.box);
    return open ? turnOf(state, decision.box).table.value[1][d] : null;
  }
  const match = fillsAndRolls(state, turn, d).find((c) => sameDecision(state.dice, c.decision, decision));
  return match ? match.expected : null;
}
