import { describe, expect, it } from 'vitest';
import { applyMove, type DiceSource, newGame, RuleError } from '../../game';

const sixes: DiceSource = (count) => Array.from({ length: count }, () => 6);

describe('applyMove', () => {
  it('plays a move the way its action does: roll, announce, fill, undo, restart', () => {
    const rolled = applyMove(newGame(), { type: 'ROLL', diceToRoll: [0, 1, 2, 3, 4] }, sixes);
    expect(rolled.dice).toEqual([6, 6, 6, 6, 6]);
    const announced = applyMove(rolled, { type: 'ANNOUNCE', boxType: 'YAMB' }, sixes);
    expect(announced.announcement).toBe('YAMB');
    const filled = applyMove(announced, { type: 'FILL', columnType: 'ANNOUNCEMENT', boxType: 'YAMB' }, sixes);
    expect(filled.sheet.columns[3].boxes[12].value).toBe(80);
    const undone = applyMove(filled, { type: 'UNDO' }, sixes);
    expect(undone.sheet.columns[3].boxes[12].value).toBeNull();
    const restarted = applyMove(undone, { type: 'RESTART' }, sixes);
    expect(restarted).toEqual(newGame());
  });

  it('passes a refusal on without touching the state', () => {
    const game = newGame();
    expect(() => applyMove(game, { type: 'FILL', columnType: 'FREE', boxType: 'ONES' }, sixes)).toThrow(
      RuleError,
    );
    expect(game).toEqual(newGame());
  });
});
