import { type Advice, advise, type Decision, decisionValue, sameDecision } from './advisor';
import { decisionFrames, type MoveEntry, type ReplayFrame } from './replay';
import { type Grade, gradeOf, GRADE_LIMITS } from './grades';
import type { GameState } from './types';

export { type Grade, GRADES, gradeOf, GRADE_LIMITS } from './grades';

// A finished game's review (issue 30): each decision its player made, graded by the advisor. The points a
// choice gives up are the advisor's evaluation of the best choice less its evaluation of the player's, in
// the units of its candidates (the sheet's value gained this turn); the word for it follows the thresholds.

/** One decision, graded. */
export interface GradedDecision {
  /** The replay frame the decision made (its move); it was made at the frame before. */
  frame: number;
  /** The player's choice. */
  chosen: Decision;
  /** The advisor's choice, with its reason (for the wording); no candidates. */
  best: Advice;
  /** The advisor's points the player's choice gives up, ≥ 0. */
  lost: number;
  grade: Grade;
}

/** The player's decision a logged move carries, at `before` (the state it was made in). */
export function decisionOf(move: MoveEntry, before: GameState): Decision | null {
  switch (move.kind) {
    case 'ROLL':
      return { kind: 'ROLL', diceToRoll: before.dice.map((_, i) => i).filter((i) => !move.held.includes(i)) };
    case 'ANNOUNCE':
      return { kind: 'ANNOUNCE', box: move.box };
    case 'FILL':
      return { kind: 'FILL', column: move.column, box: move.box };
    default:
      return null;
  }
}

/** Frame `frame`'s decision of game `gameId`, graded; null when it is not one the advisor can judge. */
export function gradeDecision(
  frames: readonly ReplayFrame[],
  frame: number,
  gameId: number,
): GradedDecision | null {
  const before = frames[frame - 1]?.states[gameId];
  const move = frames[frame]?.move;
  const chosen = move && before ? decisionOf(move, before) : null;
  if (!before || !chosen || before.status !== 'IN_PROGRESS' || before.rollCount === 0) return null;
  const advice = advise(before);
  const match = advice.candidates.find((c) => sameDecision(before.dice, c.decision, chosen));
  const value = match ? match.expected : decisionValue(before, chosen);
  if (value === null) return null;
  const lost = Math.max(0, advice.expected - value);
  return { frame, chosen, best: { ...advice, candidates: [] }, lost, grade: gradeOf(lost) };
}

/** What the review sums up. */
export interface ReviewSummary {
  /** Decisions graded. */
  decisions: number;
  /** The share of decisions within "good", 0..1 (1 for a game without one). */
  accuracy: number;
  pointsLost: number;
  /** Up to three indices into the graded decisions, costliest first; only decisions that gave points up. */
  costliest: number[];
}

export function summarize(grades: readonly GradedDecision[]): ReviewSummary {
  const good = grades.filter((g) => g.lost <= GRADE_LIMITS.good).length;
  const costliest = grades
    .map((g, i) => ({ lost: g.lost, i }))
    .filter((g) => g.lost > GRADE_LIMITS.best)
    .sort((a, b) => b.lost - a.lost || a.i - b.i)
    .slice(0, 3)
    .map((g) => g.i);
  return {
    decisions: grades.length,
    accuracy: grades.length === 0 ? 1 : good / grades.length,
    pointsLost: grades.reduce((sum, g) => sum + g.lost, 0),
    costliest,
  };
}

/**
 * Every decision of `gameId` in the replay, graded, in order (decisionFrames: keeps, announcements and the
 * fills that stood). `onProgress` hears after each one how many of how many are done.
 */
export function reviewGame(
  frames: readonly ReplayFrame[],
  gameId: number,
  onProgress?: (done: number, total: number) => void,
): GradedDecision[] {
  const indices = decisionFrames(frames, gameId);
  const grades: GradedDecision[] = [];
  indices.forEach((frame, i) => {
    const graded = gradeDecision(frames, frame, gameId);
    if (graded) grades.push(graded);
    onProgress?.(i + 1, indices.length);
  });
  return grades;
}
