import { describe, expect, it } from 'vitest';
import {
  advise,
  applyMove,
  type Decision,
  decisionValue,
  type GameState,
  moveOf,
  newGame,
  PRESETS,
} from '../../game';
import type { RuleSet } from '../../game/rules';
import { cryptoDiceSource } from '../../game/dice';
import { entryOf, type LoggedTurn, type MoveEntry, replayFrames } from '../../game/replay';
import { GRADE_LIMITS, gradeOf, reviewGame, summarize } from '../../game/review';

/**
 * A logged game where the player follows the advisor except where `choose` picks another decision (given the
 * advice); `turnsToPlay` turns, or to the end.
 */
function playLogged(
  rules: RuleSet,
  choose: (state: GameState, best: Decision, candidates: Decision[]) => Decision = (_, best) => best,
  turnsToPlay = Infinity,
) {
  let state: GameState = newGame('SOLO', rules);
  const turns: LoggedTurn[] = [];
  let open: MoveEntry[] = [];
  while (state.status === 'IN_PROGRESS' && turns.length < turnsToPlay) {
    const advice = advise(state);
    const decision = choose(
      state,
      advice,
      advice.candidates.map((c) => c.decision),
    );
    const move = moveOf(decision);
    state = applyMove(state, move, cryptoDiceSource);
    const entry = entryOf(move, state);
    if (entry) open.push(entry);
    if (move.type === 'FILL') {
      turns.push({ gameId: 3, moves: open });
      open = [];
    }
  }
  return replayFrames(rules, 'SOLO', [3], turns).frames;
}

describe('the review', () => {
  it('names each grade by the points given up, at the thresholds', () => {
    expect(gradeOf(0)).toBe('best');
    expect(gradeOf(GRADE_LIMITS.best)).toBe('best');
    expect(gradeOf(GRADE_LIMITS.best + 0.01)).toBe('good');
    expect(gradeOf(GRADE_LIMITS.good + 0.01)).toBe('inaccuracy');
    expect(gradeOf(GRADE_LIMITS.inaccuracy + 0.01)).toBe('mistake');
    expect(gradeOf(GRADE_LIMITS.mistake + 0.01)).toBe('blunder');
  });

  it("grades the advisor's own game best throughout: nothing lost, accuracy 1, no costliest decision", () => {
    const frames = playLogged(PRESETS.CLASSIC);
    const grades = reviewGame(frames, 3);
    expect(grades.length).toBeGreaterThanOrEqual(52);
    expect(grades.every((g) => g.grade === 'best' && g.lost < 1e-9)).toBe(true);
    expect(summarize(grades)).toMatchObject({ decisions: grades.length, accuracy: 1, costliest: [] });
  });

  it('finds the worst choices of a game, sums what they gave up and lists the three costliest first', () => {
    // Every fifth fill takes the advisor's worst fill instead of its best.
    let fills = 0;
    const frames = playLogged(PRESETS.CLASSIC, (state, best) => {
      if (best.kind !== 'FILL' || ++fills % 5 !== 0) return best;
      const advice = advise(state);
      const worst = advice.candidates
        .filter((c) => c.decision.kind === 'FILL')
        .sort((a, b) => a.expected - b.expected)[0];
      return worst.decision;
    });
    const progress: number[] = [];
    const grades = reviewGame(frames, 3, (done) => progress.push(done));
    expect(progress.at(-1)).toBe(grades.length);
    const summary = summarize(grades);
    const bad = grades.filter((g) => g.lost > GRADE_LIMITS.good);
    expect(bad.length).toBeGreaterThanOrEqual(3);
    expect(summary.accuracy).toBeCloseTo((grades.length - bad.length) / grades.length, 9);
    expect(summary.pointsLost).toBeCloseTo(
      grades.reduce((sum, g) => sum + g.lost, 0),
      9,
    );
    expect(summary.costliest).toHaveLength(3);
    const costs = summary.costliest.map((i) => grades[i].lost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    expect(costs[0]).toBe(Math.max(...grades.map((g) => g.lost)));
    for (const i of summary.costliest) {
      expect(grades[i].chosen.kind).toBe('FILL');
      expect(grades[i].best).not.toEqual(grades[i].chosen);
    }
  });

  it('grades a keep by its kept values, whichever dice of the same values were kept', () => {
    // Keep nothing at every second roll: a keep the advisor rarely picks, graded by the same multiset.
    const frames = playLogged(
      PRESETS.CLASSIC,
      (state, best) =>
        state.rollCount === 1 && best.kind === 'ROLL' ? { kind: 'ROLL', diceToRoll: [4, 3, 2, 1, 0] } : best,
      6,
    );
    const keeps = reviewGame(frames, 3).filter((g) => g.chosen.kind === 'ROLL');
    expect(keeps.length).toBeGreaterThan(0);
    for (const keep of keeps) {
      const before = frames[keep.frame - 1].states['3'];
      expect(keep.lost).toBeCloseTo(advise(before).expected - (decisionValue(before, keep.chosen) ?? NaN), 9);
    }
  });

  it('values an announcement the advisor did not consider (it could not be the best)', () => {
    let state = applyMove(
      newGame('SOLO', PRESETS.CLASSIC),
      { type: 'ROLL', diceToRoll: [0, 1, 2, 3, 4] },
      () => [1, 1, 2, 2, 3],
    );
    const advice = advise(state);
    const considered = new Set(
      advice.candidates.flatMap((c) => (c.decision.kind === 'ANNOUNCE' ? [c.decision.box] : [])),
    );
    expect(considered.has('TRIPS')).toBe(false);
    const value = decisionValue(state, { kind: 'ANNOUNCE', box: 'TRIPS' });
    expect(value).not.toBeNull();
    expect(value as number).toBeLessThan(advice.expected);
    state = applyMove(state, { type: 'ANNOUNCE', boxType: 'YAMB' }, cryptoDiceSource);
    expect(decisionValue(state, { kind: 'ANNOUNCE', box: 'MAX' })).toBeNull();
  });

  it('reviews a game of every rule set', () => {
    for (const rules of Object.values(PRESETS)) {
      const frames = playLogged(rules, (_, best, candidates) => candidates.at(-1) ?? best, 4);
      const grades = reviewGame(frames, 3);
      expect(grades.length).toBeGreaterThanOrEqual(4);
      for (const g of grades) expect(g.lost).toBeGreaterThanOrEqual(0);
    }
  });
});
