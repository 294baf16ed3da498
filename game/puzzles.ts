// Yamb puzzles (issue 30): a position with one clearly best decision, made from a seed by advisor
// self-play, so that every browser makes the same puzzle from the same seed (the daily puzzle is the day's
// seed). Pure: the dice come from a seeded generator of our own, never from the platform.
import { newGame, roll } from './actions';
import { type Advice, advise, type Candidate, type Decision, moveOf } from './advisor';
import { applyMove } from './moves';
import { positionOf, type Position, stateOf } from './replay';
import { PUZZLE_MARGIN } from './puzzleMargin';
import { PRESETS, type RuleSet } from './rules';
import type { DiceSource, GameState } from './types';
import { hashSeed, mulberry32, seededDice } from './seeded';

export { PUZZLE_MARGIN } from './puzzleMargin';
export { hashSeed, mulberry32 } from './seeded';

/** The most turns a seed plays before its puzzle is looked for: the sheet is still open enough to choose. */
const MAX_TURNS_BEFORE = 30;

/** Mostly the classic sheet, some HAND and BALKAN: the rule sets most players play. */
function rulesFor(next: () => number): RuleSet {
  const pick = next();
  if (pick < 0.7) return PRESETS.CLASSIC;
  return pick < 0.85 ? PRESETS.HAND : PRESETS.BALKAN;
}

/** The seed of the day's puzzle, the same in every browser: the UTC day, `YYYY-MM-DD`. */
export const dailyPuzzleSeed = (day: string): string => `daily:${day}`;

/** Whether a candidate is the decision `decision` (a keep by the values it keeps, not the dice's places). */
function sameDecision(state: GameState, a: Decision, b: Decision): boolean {
  if (a.kind === 'ROLL' && b.kind === 'ROLL') return keptValues(state, a) === keptValues(state, b);
  if (a.kind === 'FILL' && b.kind === 'FILL') return a.column === b.column && a.box === b.box;
  if (a.kind === 'ANNOUNCE' && b.kind === 'ANNOUNCE') return a.box === b.box;
  return false;
}

const keptValues = (state: GameState, decision: Decision & { kind: 'ROLL' }) =>
  state.dice
    .filter((_, i) => !decision.diceToRoll.includes(i))
    .sort((x, y) => x - y)
    .join('');

/** The best candidate that is not `best` itself: what the best decision must beat by the margin. */
function runnerUp(state: GameState, advice: Advice): Candidate | null {
  let second: Candidate | null = null;
  for (const c of advice.candidates) {
    if (sameDecision(state, c.decision, advice)) continue;
    if (!second || c.expected > second.expected) second = c;
  }
  return second;
}

/** The advice for `position` when one decision is best by at least PUZZLE_MARGIN, else null. */
export function clearlyBest(position: Position): Advice | null {
  const state = stateOf(position);
  if (state.status !== 'IN_PROGRESS' || position.rollCount < 1) return null;
  let advice: Advice;
  try {
    advice = advise(state);
  } catch {
    return null; // a position no game reaches (a stored one from an old build): not a puzzle
  }
  const second = runnerUp(state, advice);
  return second && advice.expected - second.expected >= PUZZLE_MARGIN ? advice : null;
}

export interface Puzzle {
  seed: string;
  position: Position;
}

/** Plays the advisor's turns until `state`'s sheet has `turns` boxes more filled, or the game ends. */
function playTurns(start: GameState, turns: number, dice: DiceSource): GameState {
  let state = start;
  for (let filled = 0; filled < turns && state.status === 'IN_PROGRESS';) {
    const move = moveOf(advise(state));
    state = applyMove(state, move, dice);
    if (move.type === 'FILL') filled++;
  }
  return state;
}

/**
 * The puzzle of `seed`: advisor self-play on seeded dice for a seeded number of turns, then the first
 * position after a roll whose best decision is clear (`clearlyBest`). The same seed gives the same puzzle
 * everywhere; a game that ends without one (rare) tries the seed's next game.
 */
export function puzzleFromSeed(seed: string): Puzzle {
  for (let attempt = 0; ; attempt++) {
    const next = mulberry32(hashSeed(attempt === 0 ? seed : `${seed}#${attempt}`));
    const dice = seededDice(next);
    const rules = rulesFor(next);
    let state = playTurns(newGame('SOLO', rules), Math.floor(next() * MAX_TURNS_BEFORE), dice);
    while (state.status === 'IN_PROGRESS') {
      state = state.rollCount === 0 ? roll(state, null, dice) : state;
      const position = positionOf(state);
      if (clearlyBest(position)) return { seed, position };
      state = applyMove(state, moveOf(advise(state)), dice);
    }
  }
}

export interface Judgement {
  correct: boolean;
  /** The advisor's answer: the best decision and the points it gives. */
  best: Advice;
  /** The points the player's decision gives, in the advisor's evaluation. */
  chosen: number;
  /** The points of the best decision other than the advisor's: what the right answer beats. */
  second: number | null;
}

/** The points `decision` gives in `state` when the advisor left it out (an announcement it could rule out). */
function valueOutsideCandidates(state: GameState, decision: Decision): number {
  if (decision.kind !== 'ANNOUNCE') throw new Error('Not a decision of this position');
  return advise(applyMove(state, moveOf(decision), () => [])).expected;
}

/** Whether `decision` is the best one at `position`, the best one, and the points each gives. */
export function judge(position: Position, decision: Decision): Judgement {
  const state = stateOf(position);
  const best = advise(state);
  const found = best.candidates.find((c) => sameDecision(state, c.decision, decision));
  const chosen = found ? found.expected : valueOutsideCandidates(state, decision);
  const second = runnerUp(state, best)?.expected ?? null;
  return { correct: chosen >= best.expected - 1e-9, best, chosen, second };
}
