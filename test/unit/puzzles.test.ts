import { describe, expect, it } from 'vitest';
import { type Advice, advise, type Decision } from '../../game/advisor';
import {
  clearlyBest,
  dailyPuzzleSeed,
  hashSeed,
  judge,
  mulberry32,
  PUZZLE_MARGIN,
  puzzleFromSeed,
} from '../../game/puzzles';
import { stateOf } from '../../game/replay';
import { PRESETS, sameRules } from '../../game/rules';

const decisionOf = (advice: Advice): Decision =>
  advice.kind === 'ROLL'
    ? { kind: 'ROLL', diceToRoll: advice.diceToRoll }
    : advice.kind === 'FILL'
      ? { kind: 'FILL', column: advice.column, box: advice.box }
      : { kind: 'ANNOUNCE', box: advice.box };

describe('puzzles', () => {
  it('the same seed gives the same puzzle, in every browser', () => {
    expect(puzzleFromSeed('storm-1')).toEqual(puzzleFromSeed('storm-1'));
    expect(puzzleFromSeed('storm-1').position).not.toEqual(puzzleFromSeed('storm-2').position);
  });

  it('the seeded generator is the well-known mulberry32 on an FNV-1a hash', () => {
    expect(hashSeed('')).toBe(0x811c9dc5);
    expect(hashSeed('a')).toBe(0xe40c292c);
    const next = mulberry32(42);
    const values = [next(), next(), next()];
    expect(values.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(42)()).toBe(values[0]);
  });

  it('the daily puzzle is the same for everyone on a day and changes with the day', () => {
    expect(dailyPuzzleSeed('2026-11-28')).toBe(dailyPuzzleSeed('2026-11-28'));
    expect(dailyPuzzleSeed('2026-11-28')).not.toBe(dailyPuzzleSeed('2026-11-29'));
  });

  it('a puzzle is a position after a roll whose best decision beats every other by the margin', () => {
    for (let i = 0; i < 8; i++) {
      const { position } = puzzleFromSeed(`margin-${i}`);
      expect(position.rollCount).toBeGreaterThanOrEqual(1);
      const best = clearlyBest(position);
      expect(best).not.toBeNull();
      const others = best!.candidates.filter((c) => !judge(position, c.decision).correct);
      expect(others.length).toBe(best!.candidates.length - 1);
      for (const other of others)
        expect(best!.expected - other.expected).toBeGreaterThanOrEqual(PUZZLE_MARGIN);
    }
  });

  it('the seeds play mostly the classic sheet, and some HAND and BALKAN', () => {
    const puzzles = Array.from({ length: 30 }, (_, i) => puzzleFromSeed(`mix-${i}`));
    const classic = puzzles.filter((p) => sameRules(p.position.rules, PRESETS.CLASSIC));
    expect(classic.length).toBeGreaterThan(15);
    expect(classic.length).toBeLessThan(30);
  });

  it('judges the best decision right and another wrong, with the points each gives', () => {
    const { position } = puzzleFromSeed('judge');
    const advice = advise(stateOf(position));
    const right = judge(position, decisionOf(advice));
    expect(right.correct).toBe(true);
    expect(right.chosen).toBeCloseTo(advice.expected);
    expect(advice.expected - (right.second ?? -Infinity)).toBeGreaterThanOrEqual(PUZZLE_MARGIN);
    const other = advice.candidates.find((c) => c.expected < advice.expected - 1e-9)!;
    const wrong = judge(position, other.decision);
    expect(wrong.correct).toBe(false);
    expect(wrong.chosen).toBeCloseTo(other.expected);
    expect(wrong.best.expected - wrong.chosen).toBeGreaterThanOrEqual(PUZZLE_MARGIN);
  });

  it('a keep is judged by the values it keeps, not by which of two equal dice was held', () => {
    const position = {
      ...puzzleFromSeed('keep').position,
      dice: [3, 3, 1, 2, 6],
      rollCount: 1,
      announcement: null,
    };
    const first = judge(position, { kind: 'ROLL', diceToRoll: [1, 2, 3, 4] });
    const second = judge(position, { kind: 'ROLL', diceToRoll: [0, 2, 3, 4] });
    expect(second.chosen).toBe(first.chosen);
  });

  it('a puzzle is found quickly enough for storm mode (generated ahead in a worker)', () => {
    const start = performance.now();
    for (let i = 0; i < 10; i++) puzzleFromSeed(`speed-${i}`);
    expect((performance.now() - start) / 10).toBeLessThan(1000);
  });
});
